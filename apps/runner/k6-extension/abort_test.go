package loadline

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.k6.io/k6/errext"
	"go.k6.io/k6/errext/exitcodes"
	"go.k6.io/k6/metrics"
)

// abortProbe records what the Output does to stop the test, instead of doing it.
type abortProbe struct {
	mu         sync.Mutex
	stopped    []error
	interrupts int
	exits      []int
	exited     chan struct{}
}

func newAbortProbe() *abortProbe { return &abortProbe{exited: make(chan struct{}, 1)} }

func (p *abortProbe) install(o *Output, withCallback bool) {
	if withCallback {
		o.SetTestRunStopCallback(func(err error) {
			p.mu.Lock()
			defer p.mu.Unlock()
			p.stopped = append(p.stopped, err)
		})
	}
	o.interrupt = func() error {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.interrupts++
		return nil
	}
	o.exit = func(code int) {
		p.mu.Lock()
		p.exits = append(p.exits, code)
		p.mu.Unlock()
		p.exited <- struct{}{}
	}
	o.graceAfter = 200 * time.Millisecond
}

// outputOnDeadPipe starts an Output on /dev/fd/N whose reader is already closed, as k6 sees
// its fd 3 once the runner has died.
func outputOnDeadPipe(t *testing.T, probe *abortProbe, withCallback bool) *Output {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fd, err := syscall.Dup(int(w.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	_ = w.Close()
	_ = r.Close()
	o, err := New(testParams(fmt.Sprintf("/dev/fd/%d", fd), nil))
	if err != nil {
		t.Fatal(err)
	}
	out := o.(*Output)
	probe.install(out, withCallback)
	if err := out.Start(); err != nil {
		t.Fatal(err)
	}
	// Seconds old enough to be written on the next flush.
	f := newFixture()
	t0 := time.Now().Unix() - 10
	out.AddMetricSamples([]metrics.SampleContainer{metrics.Samples{f.req(sec(t0, 10), 5, httpTags("A", "GET", "200"))}})
	return out
}

func waitExit(t *testing.T, probe *abortProbe) {
	t.Helper()
	select {
	case <-probe.exited:
	case <-time.After(5 * time.Second):
		t.Fatal("the output never forced an exit after its grace period")
	}
}

func TestWriteFailureStopsTheTestThroughK6(t *testing.T) {
	t.Parallel()
	probe := newAbortProbe()
	out := outputOnDeadPipe(t, probe, true)
	waitExit(t, probe) // the flusher wrote, failed, aborted, and the grace ran out
	err := out.Stop()
	if err == nil || !errors.Is(err, syscall.EPIPE) {
		t.Errorf("Stop: %v, want EPIPE", err)
	}

	probe.mu.Lock()
	defer probe.mu.Unlock()
	if len(probe.stopped) != 1 {
		t.Fatalf("stop callback called %d times, want once (the failing Stop must not call it again)", len(probe.stopped))
	}
	cause := probe.stopped[0]
	var withCode errext.HasExitCode
	if !errors.As(cause, &withCode) || withCode.ExitCode() != exitcodes.ExternalAbort {
		t.Errorf("abort error %v has no exit code %d", cause, exitcodes.ExternalAbort)
	}
	var withReason errext.HasAbortReason
	if !errors.As(cause, &withReason) || withReason.AbortReason() != errext.AbortedByOutput {
		t.Errorf("abort error %v is not marked as aborted by an output", cause)
	}
	if !errors.Is(cause, syscall.EPIPE) {
		t.Errorf("abort error %v does not wrap EPIPE", cause)
	}
	if probe.interrupts != 0 {
		t.Errorf("sent %d SIGINTs although k6 gave a stop callback", probe.interrupts)
	}
	if len(probe.exits) != 1 || probe.exits[0] != int(exitcodes.ExternalAbort) {
		t.Errorf("exits %v, want one with code %d", probe.exits, exitcodes.ExternalAbort)
	}
}

func TestWriteFailureWithoutCallbackInterruptsTheProcess(t *testing.T) {
	t.Parallel()
	probe := newAbortProbe()
	out := outputOnDeadPipe(t, probe, false)
	waitExit(t, probe)
	_ = out.Stop()

	probe.mu.Lock()
	defer probe.mu.Unlock()
	if probe.interrupts != 1 {
		t.Errorf("%d SIGINTs, want 1", probe.interrupts)
	}
}
