package rouge

import (
	"os"
	"runtime/debug"
	"strings"
	"testing"
)

// TestCheckers says which checkers this test binary was built with, from its build settings:
// the race detector (-race) and GOEXPERIMENT (cgocheck2). `make test` sets
// ROUGE_WANT_CGOCHECK2=1, so a run that silently lost the experiment fails instead of passing
// unchecked.
func TestCheckers(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build information in the test binary")
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	experiments := settings["GOEXPERIMENT"]
	cgocheck2 := false
	for _, e := range strings.Split(experiments, ",") {
		cgocheck2 = cgocheck2 || e == "cgocheck2"
	}
	t.Logf("-race=%s GOEXPERIMENT=%q", settings["-race"], experiments)
	if os.Getenv("ROUGE_WANT_CGOCHECK2") == "1" && !cgocheck2 {
		t.Fatalf("ROUGE_WANT_CGOCHECK2=1 but the test binary was built without GOEXPERIMENT=cgocheck2 (settings: %v)", settings)
	}
}
