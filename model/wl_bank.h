/* wl_bank.h — port indices of the worklist bank (see model/wl_bank.c). */
#ifndef WL_BANK_H
#define WL_BANK_H

enum wl_bank_param { WB_ENTRIES, WB_ID_BITS, WB_THRESHOLD, WB_STORAGE };
enum wl_bank_storage { WB_FLOPS, WB_SRAM };

enum wl_bank_port {
    /* inputs */
    WB_RST,
    WB_CFG_EN,
    WB_CFG_DOUBLE,
    WB_PUSH,
    WB_PUSH_ID,
    WB_PULL,
    WB_SWAP,
    WB_RD_TAKE,
    WB_RD_PUT,
    WB_RD_PUT_ID,
    /* outputs */
    WB_CFG_OK,
    WB_PUSH_OK,
    WB_SPILL,
    WB_PULL_OK,
    WB_PULL_VALID,
    WB_PULL_ID,
    WB_SWAP_OK,
    WB_RD_TAKE_OK,
    WB_RD_PUT_OK,
    WB_RD_VALID,
    WB_RD_ID,
    WB_DOUBLE_MODE,
    WB_COUNT,
    WB_EMPTY,
    WB_FULL,
    WB_GREEDY,
    WB_NPORTS
};

#endif
