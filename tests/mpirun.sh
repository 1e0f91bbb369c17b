#!/bin/sh
# mpirun.sh MPIEXEC NP PROGRAM [ARG...] - PROGRAM on NP ranks of this
# machine, whichever MPI MPIEXEC belongs to.  Open MPI refuses to run as
# root and to put more ranks than cores on a machine unless told (its
# --oversubscribe and OMPI_* variables); MPICH's Hydra does both by itself
# and rejects Open MPI's flags, so each gets its own way.  Leak checks are
# off: MPI libraries keep memory to the end on purpose.
mpiexec=$1 np=$2
shift 2
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
case $("$mpiexec" --version 2>&1) in
*"Open MPI"* | *OpenRTE*)
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    OMPI_MCA_rmaps_base_oversubscribe=1 \
        exec "$mpiexec" --oversubscribe -np "$np" "$@" ;;
*)
    exec "$mpiexec" -n "$np" "$@" ;;
esac
