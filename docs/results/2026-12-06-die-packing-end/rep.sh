. /opt/asym-smt/tests/lib.sh
asym-ctl write "$ASYM_SYSCTL" 2 > /dev/null
asym-ctl set v6.5 > /dev/null
i=1
while [ $i -le 15 ]; do
	asym-place -n 7 --start 2,3,3,18,18,24,29 --duration 4 > /tmp/o.txt 2>&1
	echo "run $i: $(grep -E '^ideal: ' /tmp/o.txt) | $(grep '^time to ideal' /tmp/o.txt) | last: $(grep ' t=' /tmp/o.txt | tail -1)"
	i=$((i+1))
done
