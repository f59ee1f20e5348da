# Sourced by the scripts that run on one Flink line. Sets "line" (default: the newest, 2.3) from
# --flink <line> or --flink=<line>, and "runner_args" to every other argument, in order.
# Refuses a line the connector has no runnable artifact for here, naming what the script is.
#   parse_flink_line "<what> run(s)" "$@"
parse_flink_line() {
    local what="$1"
    shift
    line=2.3
    runner_args=()
    while (($#)); do
        case "$1" in
            --flink)
                [[ $# -ge 2 ]] || { echo "--flink needs a Flink line: 2.3 or 1.20" >&2; exit 2; }
                line="$2"
                shift 2
                ;;
            --flink=*)
                line="${1#--flink=}"
                shift
                ;;
            *)
                runner_args+=("$1")
                shift
                ;;
        esac
    done
    case "$line" in
        2.3 | 1.20) ;;
        *)
            echo "--flink $line: $what on Flink 2.3 (the default) or 1.20" >&2
            exit 2
            ;;
    esac
}
