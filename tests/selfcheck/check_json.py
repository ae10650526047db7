"""Validate selfcheck.sh --json (stdin) against its text output and expected statuses.

Usage: check_json.py TEXT_OUTPUT [check=STATUS ...]
The JSON must parse, hold name/status/detail/remedy for every check, agree with the
text lines one by one, carry a remedy for every WARN and FAIL, and match the expectations.
"""
import json
import sys


def main():
    # Strict UTF-8: a tool's stray byte must not make the report unreadable for a JSON parser.
    data = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    text_lines = [l for l in sys.argv[1].splitlines() if l[:4] in ("PASS", "WARN", "FAIL")]
    checks = data["checks"]
    assert len(checks) == len(text_lines), "JSON has %d checks, text %d" % (len(checks), len(text_lines))
    for check, line in zip(checks, text_lines):
        assert set(check) == {"name", "status", "detail", "remedy"}, check
        assert line.split()[0] == check["status"] and line.split()[1] == check["name"], (check, line)
        if check["status"] != "PASS":
            assert check["remedy"], "no remedy: %r" % check
    by_name = {c["name"]: c["status"] for c in checks}
    for item in sys.argv[2:]:
        name, status = item.split("=", 1)
        assert by_name.get(name) == status, "%s is %s in JSON, expected %s" % (name, by_name.get(name), status)
    worst = "FAIL" if data["failed"] else ("WARN" if data["warnings"] else "PASS")
    assert data["result"] == worst, data["result"]


if __name__ == "__main__":
    try:
        main()
    except (AssertionError, ValueError, KeyError) as error:  # UnicodeDecodeError is a ValueError
        print("check_json: %s" % error)
        sys.exit(1)
