//go:build unix

package loadline

import (
	"os"
	"syscall"
)

// mapFile maps a data file read-only and private: its bytes stay outside Go's heap (the
// collector would keep about as much again as headroom) and are shared with the page cache.
// The mapping lives as long as the process: k6 reads the rows until it exits.
func mapFile(path string) ([]byte, error) {
	file, err := os.Open(path) //nolint:gosec // the path is the runner's (LOADLINE_DATA_<SET>)
	if err != nil {
		return nil, err
	}
	defer func() { _ = file.Close() }()
	info, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() == 0 {
		return []byte{}, nil
	}
	return syscall.Mmap(int(file.Fd()), 0, int(info.Size()), syscall.PROT_READ, syscall.MAP_PRIVATE)
}
