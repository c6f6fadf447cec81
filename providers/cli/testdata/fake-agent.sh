#!/bin/sh
# A stand-in for an agent CLI in print mode, for the cli provider's tests.
# The first argument picks the behaviour; the prompt arrives on stdin.
mode=$1
shift
case $mode in
echo) # reply with the prompt, prefixed by the other arguments
	printf '%s|' "$@"
	cat
	;;
conformance) # record stdin in $CALLS_DIR, then answer or hang
	cat >"$CALLS_DIR/call.$$"
	if [ -n "$FAKE_HANG" ]; then
		exec sleep 30
	fi
	if [ -n "$REPLIES_DIR" ]; then
		# The n-th call gets $REPLIES_DIR/reply.n; the last reply repeats.
		n=$(ls "$CALLS_DIR" | wc -l)
		last=$(ls "$REPLIES_DIR" | wc -l)
		if [ "$n" -gt "$last" ]; then
			n=$last
		fi
		cat "$REPLIES_DIR/reply.$n"
	else
		printf '%s' "$FAKE_REPLY"
	fi
	;;
fail) # exit with status $1 after a long stderr whose end says why
	cat >/dev/null
	i=0
	while [ $i -lt 200 ]; do
		echo "progress line $i: still working on the request" >&2
		i=$((i + 1))
	done
	echo "fatal: 認証に失敗しました (authentication failed)" >&2
	exit "$1"
	;;
stubborn) # a grandchild that ignores SIGTERM; pids go to the file $1
	sh -c 'trap "" TERM; sleep 30 & echo $! >>"$1"; echo $$ >>"$1"; wait' stubborn "$1" &
	echo $$ >>"$1"
	trap '' TERM
	wait
	;;
linger) # answer at once but leave a background process behind
	cat >/dev/null
	sleep 30 </dev/null >/dev/null 2>&1 &
	echo $! >>"$1"
	echo "done"
	;;
big) # write $1 bytes of output
	cat >/dev/null
	head -c "$1" /dev/zero | tr '\0' 'a'
	;;
*)
	echo "fake-agent: unknown mode $mode" >&2
	exit 64
	;;
esac
