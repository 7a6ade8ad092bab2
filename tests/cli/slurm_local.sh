#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine, for the tests:
#   slurm_local.sh start DIR   munged, slurmctld and slurmd with their key,
#                              sockets, state, spool and logs under DIR, a
#                              slurm.conf for this hostname and core count,
#                              ports 16817/16818; prints `export SLURM_CONF=...`
#   slurm_local.sh stop DIR    stops the three daemons it started (by pid)
# Start exits 1 with the reason on stderr when the cluster cannot come up
# (not root, a package missing, a daemon that does not start, no idle node).
set -u
cmd=$1 dir=$(realpath -m "$2")
conf=$dir/slurm.conf
if [ "$cmd" = stop ]; then
  SLURM_CONF=$conf scontrol shutdown >/dev/null 2>&1
  for p in slurmd slurmctld; do
    [ -f "$dir/$p.pid" ] && kill "$(cat "$dir/$p.pid")" 2>/dev/null
  done
  [ -S "$dir/munge/sock" ] && munged -s --socket="$dir/munge/sock" >/dev/null 2>&1
  [ -f "$dir/munge/pid" ] && kill "$(cat "$dir/munge/pid")" 2>/dev/null
  exit 0
fi
why() { echo "$*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || why "not root: slurmd must run as root (SlurmdUser=root)"
for t in munged munge slurmctld slurmd sbatch sinfo scontrol; do
  command -v $t >/dev/null || why "$t not found (Debian packages slurm-wlm, munge)"
done
host=$(hostname -s) cpus=$(nproc)
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chmod 700 "$dir/munge"
head -c 1024 /dev/urandom > "$dir/munge/munge.key"; chmod 400 "$dir/munge/munge.key"
munged -f --key-file="$dir/munge/munge.key" --socket="$dir/munge/sock" \
  --pid-file="$dir/munge/pid" --log-file="$dir/munge/log" --seed-file="$dir/munge/seed" \
  || why "munged did not start: $(tail -2 "$dir/munge/log" 2>/dev/null)"
cat > "$conf" <<CONF
ClusterName=irhwtest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$dir/munge/sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
InactiveLimit=0
KillWait=5
MinJobAge=300
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=irhw Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$conf
slurmctld -c -f "$conf" || why "slurmctld did not start: $(tail -3 "$dir/log/slurmctld.log" 2>/dev/null)"
slurmd -f "$conf" || why "slurmd did not start: $(tail -3 "$dir/log/slurmd.log" 2>/dev/null)"
for i in $(seq 30); do
  state=$(sinfo -h -n "$host" -o %t 2>/dev/null)
  [ "$state" = idle ] && { echo "export SLURM_CONF=$conf"; exit 0; }
  sleep 1
done
why "node $host not idle after 30 s (state '${state:-none}'): $(tail -2 "$dir/log/slurmctld.log" 2>/dev/null)"
