"""The README's count of bad inputs the tests try equals the number of CTest tests labelled `hostile`.

Usage: readme_hostile_count.py README.md CTEST BUILD_DIR
The README says "<N> tests labelled `hostile`" once, in its section "Reliability: bad input the tests
try"; `ctest --show-only=json-v1 -L '^hostile$'` in BUILD_DIR counts them. After adding or removing a hostile test, set
N to the count this test prints.
"""
import json
import re
import subprocess
import sys


def main(readme, ctest, build):
    text = open(readme, encoding="utf-8").read()
    said = re.findall(r"(\d+) tests labelled `hostile`", text)
    if len(said) != 1:
        print("README.md must say '<N> tests labelled `hostile`' exactly once; found %d" % len(said))
        return 1
    # JSON, and the label read per test: with -L alone CTest also lists the fixtures those tests need.
    listing = subprocess.run([ctest, "--show-only=json-v1", "-L", "^hostile$"], cwd=build,
                             capture_output=True, text=True, check=True).stdout
    names = []
    for test in json.loads(listing)["tests"]:
        labels = [p["value"] for p in test.get("properties", []) if p["name"] == "LABELS"]
        if labels and "hostile" in labels[0]:
            names.append(test["name"])
    if int(said[0]) != len(names):
        print("README.md says %s tests labelled `hostile`; CTest has %d:\n  %s"
              % (said[0], len(names), "\n  ".join(sorted(names))))
        return 1
    print("README: %s tests labelled `hostile`, as CTest counts" % said[0])
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
