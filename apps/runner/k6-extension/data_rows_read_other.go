//go:build !unix

package loadline

import "os"

// mapFile reads the whole file where mmap is not at hand (k6 built for Windows).
func mapFile(path string) ([]byte, error) {
	return os.ReadFile(path) //nolint:gosec // the path is the runner's (LOADLINE_DATA_<SET>)
}
