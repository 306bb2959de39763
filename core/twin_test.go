package core

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// twinRows are the Promela twin's settings (testdata/twin.pml) for each
// row of the table.
var twinRows = map[Strategy]string{
	NoTTL:             "-DTTL=0 -DDURABLE=0 -DTOKENS=1 -DFENCED=0 -DMAJORITY=0 -DLOCKLESS=0",
	Lease:             "-DTTL=1 -DDURABLE=0 -DTOKENS=1 -DFENCED=0 -DMAJORITY=0 -DLOCKLESS=0",
	Redlock:           "-DTTL=1 -DDURABLE=0 -DTOKENS=0 -DFENCED=0 -DMAJORITY=1 -DLOCKLESS=0",
	LeaseFencing:      "-DTTL=1 -DDURABLE=0 -DTOKENS=1 -DFENCED=1 -DMAJORITY=0 -DLOCKLESS=0",
	ConsensusUnfenced: "-DTTL=1 -DDURABLE=1 -DTOKENS=1 -DFENCED=0 -DMAJORITY=0 -DLOCKLESS=0",
	Consensus:         "-DTTL=1 -DDURABLE=1 -DTOKENS=1 -DFENCED=1 -DMAJORITY=0 -DLOCKLESS=0",
	Optimistic:        "-DTTL=0 -DDURABLE=0 -DTOKENS=0 -DFENCED=0 -DMAJORITY=0 -DLOCKLESS=1",
}

// A second checker agrees with the search to closure: SPIN, over a twin
// of the model written again in Promela (testdata/twin.pml), finds for
// every row the same worst verdict, the worst of corrupted, stuck and at
// risk that some run reaches. The twin bounds the grants (three) where the
// search's key abstracts them.
func TestPromelaTwinAgreesOnEveryRowsWorstVerdict(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("compiles and runs SPIN's checker for every row, about 15 s")
	}
	if runtime.GOOS == "js" {
		t.Skip("SPIN and a C compiler run natively, where make test runs this")
	}
	spin, err := exec.LookPath("spin")
	if err != nil {
		// CI (.ci/run installs spin) must not pass without the check.
		if os.Getenv("CI") == "" {
			t.Skip("spin is not installed (Debian: apt-get install spin); with CI set, this fails")
		}
		t.Fatal("spin is missing (Debian: apt-get install spin; .ci/run installs it)")
	}
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Fatal("a C compiler is missing (Debian: apt-get install gcc)")
	}
	model, err := filepath.Abs(filepath.Join("testdata", "twin.pml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range Strategies() {
		t.Run(string(st), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			run := func(name string, args ...string) string {
				t.Helper()
				cmd := exec.Command(name, args...)
				cmd.Dir = dir
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
				}
				return string(out)
			}
			run(spin, append(strings.Fields(twinRows[st]), "-a", model)...)
			run(cc, "-O0", "-w", "-DSAFETY", "-o", "pan", "pan.c")
			// reaches runs pan on a claim that nothing reaches what the
			// claim names, and reports whether some run does.
			reaches := func(claim string) bool {
				t.Helper()
				out := run(filepath.Join(dir, "pan"), "-N", claim, "-m100000")
				if strings.Contains(out, "max search depth too small") {
					t.Fatalf("%s: the search ran out of depth:\n%s", claim, out)
				}
				m := regexp.MustCompile(`errors: (\d+)`).FindStringSubmatch(out)
				if m == nil {
					t.Fatalf("%s: pan said no number of errors:\n%s", claim, out)
				}
				return m[1] != "0"
			}
			// Where neither harm nor stuck is reached, one search of the
			// whole space says so (rather than one for each); then one
			// more says whether a late write lands.
			twin := Safe
			switch {
			case reaches("noHarmNorStuck"):
				twin = Stuck
				if reaches("noHarm") {
					twin = Corrupted
				}
			case reaches("noLate"):
				twin = AtRisk
			}
			if want := closedRow(t, st).worst(); twin != want {
				t.Errorf("SPIN's twin comes to %s at worst, the search to closure to %s", twin, want)
			}
		})
	}
}
