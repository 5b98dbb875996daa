// Package loadline is a k6 output extension that aggregates samples into one JSON line per
// wall-clock second: per-request-name latency histograms (DDSketch, 0.5 % relative accuracy),
// VUs, iterations, bytes and checks. Usage: k6 run --out loadline=<path> script.js
package loadline

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sirupsen/logrus"

	"go.k6.io/k6/errext"
	"go.k6.io/k6/errext/exitcodes"
	"go.k6.io/k6/metrics"
	"go.k6.io/k6/output"
)

// EnvPath is read when --out loadline has no argument.
const EnvPath = "K6_LOADLINE_PATH"

// flushPeriod: how often buffered samples are aggregated and ready seconds written.
const flushPeriod = time.Second

// exitGrace: how long a test stopped because the output could not be written may take to
// end on its own before the process exits anyway. Nobody is reading the results any more,
// so a slow teardown must not keep loading the target.
const exitGrace = 10 * time.Second

func init() { //nolint:gochecknoinits // how k6 extensions register
	output.RegisterExtension("loadline", New)
}

// Output is the k6 output. k6 calls AddMetricSamples (from output.SampleBuffer, which only
// appends to a slice) on its hot path; aggregation happens on the flusher goroutine.
type Output struct {
	output.SampleBuffer

	path    string
	logger  logrus.FieldLogger
	now     func() time.Time
	flusher *output.PeriodicFlusher

	// How the test is stopped when the reader is gone (see abortTest); replaceable in tests.
	stopTest   func(error) // k6's callback (output.WithTestRunStop); nil before k6 sets it
	interrupt  func() error
	exit       func(code int)
	graceAfter time.Duration
	abortOnce  sync.Once

	// What k6/x/loadline measured on the VUs (recorder.go), read with the buffered samples.
	side *sideChannel

	mu        sync.Mutex // guards everything below (flusher goroutine vs Stop)
	agg       *aggregator
	sideSpare []sideSample
	w         io.WriteCloser
	buf       []byte
	writeErr  error
}

var (
	_ output.Output          = (*Output)(nil)
	_ output.WithTestRunStop = (*Output)(nil)
)

// New is the constructor registered with k6.
func New(params output.Params) (output.Output, error) {
	path := strings.TrimSpace(params.ConfigArgument)
	if path == "" {
		path = strings.TrimSpace(params.Environment[EnvPath])
	}
	if path == "" {
		return nil, errors.New("loadline output: no path; use --out loadline=<path> or set " + EnvPath)
	}
	logger := params.Logger
	if logger == nil {
		logger = logrus.StandardLogger()
	}
	return &Output{
		path:   path,
		logger: logger.WithFields(logrus.Fields{"output": "loadline", "path": path}),
		now:    time.Now,
		agg:    newAggregator(),
		side:   &side,

		interrupt:  func() error { return syscall.Kill(os.Getpid(), syscall.SIGINT) },
		exit:       os.Exit,
		graceAfter: exitGrace,
	}, nil
}

// SetTestRunStopCallback receives k6's way to abort the test run (output.WithTestRunStop);
// k6 calls it before Start.
func (o *Output) SetTestRunStopCallback(stop func(error)) {
	o.stopTest = stop
}

// Description is shown by k6 run.
func (o *Output) Description() string {
	return fmt.Sprintf("loadline (%s)", o.path)
}

// Start opens the destination and starts the periodic flusher.
func (o *Output) Start() error {
	w, err := openDestination(o.path)
	if err != nil {
		return fmt.Errorf("loadline output: %w", err)
	}
	o.w = w
	pf, err := output.NewPeriodicFlusher(flushPeriod, o.flush)
	if err != nil {
		_ = w.Close()
		return err
	}
	o.flusher = pf
	o.side.on.Store(true)
	return nil
}

// Stop flushes the buffered samples, writes every second still open and closes the file.
func (o *Output) Stop() error {
	if o.flusher != nil {
		o.flusher.Stop() // runs flush one last time
	}
	o.side.on.Store(false)
	o.mu.Lock()
	defer o.mu.Unlock()
	o.aggregateLocked(o.GetBufferedSamples())
	o.buf = o.agg.drain(o.buf[:0], o.now().Unix(), true)
	o.writeLocked()
	var err error
	if o.w != nil {
		err = o.w.Close()
		o.w = nil
	}
	if o.writeErr != nil {
		return fmt.Errorf("loadline output: %w", o.writeErr)
	}
	return err
}

func (o *Output) flush() {
	samples := o.GetBufferedSamples()
	o.mu.Lock()
	defer o.mu.Unlock()
	o.aggregateLocked(samples)
	o.buf = o.agg.drain(o.buf[:0], o.now().Unix(), false)
	o.writeLocked()
}

// aggregateLocked folds k6's samples and the side channel's into their seconds.
func (o *Output) aggregateLocked(samples []metrics.SampleContainer) {
	o.agg.add(samples)
	taken := o.side.take(o.sideSpare)
	o.agg.addSide(taken)
	clear(taken) // drop the strings they hold before the slice is reused
	o.sideSpare = taken
}

// writeLocked writes o.buf (whole lines) in one call. A write error means the reader went
// away (the runner died: EPIPE) or the file cannot grow: nobody will see the results, so the
// test is stopped rather than left loading the target. The output writes nothing more and
// Stop reports the error.
func (o *Output) writeLocked() {
	if len(o.buf) == 0 || o.w == nil || o.writeErr != nil {
		return
	}
	if _, err := o.w.Write(o.buf); err != nil {
		o.writeErr = err
		// Abort before logging: with the runner gone, a log line on k6's stderr (the runner's
		// pipe too) may end the process by SIGPIPE, which also stops the load.
		o.abortTest(err)
		o.logger.WithError(err).Error("loadline output: write failed (is the runner gone?); stopping the test")
	}
}

// abortTest stops the test run once: through k6's own abort (graceful: VUs stop, outputs
// are stopped, k6 exits), else by a SIGINT to this process as if the user pressed Ctrl+C;
// and if the process is still alive after graceAfter, it exits.
func (o *Output) abortTest(cause error) {
	o.abortOnce.Do(func() {
		err := errext.WithAbortReasonIfNone(
			errext.WithExitCodeIfNone(fmt.Errorf("loadline output cannot write its results: %w", cause), exitcodes.ExternalAbort),
			errext.AbortedByOutput,
		)
		// Not on this goroutine: the flusher holds o.mu, and Stop waits for the flusher.
		go func() {
			if o.stopTest != nil {
				o.stopTest(err)
			} else if ierr := o.interrupt(); ierr != nil {
				o.logger.WithError(ierr).Error("loadline output: could not interrupt k6")
			}
		}()
		time.AfterFunc(o.graceAfter, func() { o.exit(int(exitcodes.ExternalAbort)) })
	})
}

// openDestination opens path for writing. /dev/fd/N uses the inherited descriptor itself
// (a pipe or socket from the parent), other paths are created or truncated.
func openDestination(path string) (io.WriteCloser, error) {
	if rest, ok := strings.CutPrefix(path, "/dev/fd/"); ok {
		if fd, err := strconv.Atoi(rest); err == nil && fd > 2 {
			f := os.NewFile(uintptr(fd), path)
			if f == nil {
				return nil, fmt.Errorf("file descriptor %d is not open", fd)
			}
			if _, err := f.Stat(); err != nil {
				return nil, fmt.Errorf("file descriptor %d: %w", fd, err)
			}
			return f, nil
		}
	}
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644) //nolint:gosec // the operator's path
}
