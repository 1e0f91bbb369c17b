#!/bin/sh
# dlx_shards.sh DLX DATA_DIR - the README's recipes for counting in shards
# (xargs, GNU parallel locally and through -S, a Slurm job array), run
# here with local processes; each total must be the published count.
abs() { (cd "$(dirname "$1")" && printf '%s/%s' "$(pwd)" "$(basename "$1")"); }
dlx=$(abs "$1")
problem=$(abs "$2/exact-cover/langford-11-break.dlx")
want=17792
tmp=${TMPDIR:-/tmp}/dlx_shards.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
passed=0
failed=0
check() { # NAME STATUS OUTPUT
    if [ "$2" = 0 ] && [ "$3" = "$want" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $1: exit $2, total '$3' (want $want)"
    fi
}

"$dlx" split --depth 4 "$problem" >jobs 2>/dev/null

# xargs, two processes at a time
seq 1 8 | xargs -P 2 -I{} sh -c "'$dlx' --jobs jobs --shard {}/8 '$problem' > xargs.{}"
total=$("$dlx" merge jobs xargs.* 2>/dev/null)
check xargs $? "$total"

# GNU parallel, locally and through -S (':' is this machine, as a remote)
if command -v parallel >/dev/null 2>&1; then
    parallel --will-cite -j 2 "'$dlx' --jobs jobs --shard {}/8 '$problem' > par.{}" ::: 1 2 3 4 5 6 7 8
    total=$("$dlx" merge jobs par.* 2>/dev/null)
    check "GNU parallel" $? "$total"
    parallel --will-cite -S : --workdir "$tmp" "'$dlx' --jobs jobs --shard {}/8 '$problem'" \
        ::: 1 2 3 4 5 6 7 8 >remote.all
    total=$("$dlx" merge jobs remote.all 2>/dev/null)
    check "GNU parallel -S" $? "$total"
else
    echo "GNU parallel is not installed: its two recipes were not run"
fi

# a Slurm job array, one task per shard: the task id comes from Slurm
for SLURM_ARRAY_TASK_ID in 1 2 3 4 5; do
    export SLURM_ARRAY_TASK_ID
    sh -c "'$dlx' --jobs jobs --shard \${SLURM_ARRAY_TASK_ID}/5 '$problem' > slurm.\${SLURM_ARRAY_TASK_ID}"
done
total=$("$dlx" merge jobs slurm.* 2>/dev/null)
check "slurm array" $? "$total"

# the command line refuses what the library refuses
rm slurm.3
"$dlx" merge jobs slurm.* >/dev/null 2>err
status=$?
if [ $status = 3 ] && grep -q "jobs have no result" err; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL: missing shard: exit $status"
fi
"$dlx" merge jobs slurm.1 slurm.1 >/dev/null 2>err
status=$?
if [ $status = 3 ] && grep -q "counted twice" err; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL: shard merged twice: exit $status"
fi
"$dlx" --jobs jobs --shard 1/2 --max-nodes 10 "$problem" >partial 2>/dev/null
"$dlx" --jobs jobs --shard 2/2 "$problem" >rest 2>/dev/null
"$dlx" merge jobs partial rest >/dev/null 2>err
status=$?
if [ $status = 5 ] && grep -q "partial" err; then
    passed=$((passed + 1))
else
    failed=$((failed + 1)); echo "FAIL: partial shard: exit $status"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
