package rounds

import "errors"

// Unfinished reports whether cfg.Dir holds a run that started and has not
// ended, over which a new run is refused (loop.ErrUnfinishedRun) until it is
// resumed or undone; a folder without a run holds none. A driver asks
// before it asks a person anything for a new run. It takes the journal's
// lock for the moment it reads (journal.ErrBusy while a run holds it).
func Unfinished(cfg RunConfig) (bool, error) {
	r, st, err := openJournaled[struct{}](cfg)
	if errors.Is(err, ErrNothingToUndo) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer r.Close()
	return !st.ended, nil
}
