package loop

// Asker is the asker the arguments name, for the run's questions (AskOnce):
// a FileAsker in the run folder (Run) for the file gate, else AutoAsker.
func (f ReviewFolder) Asker() Asker { return askerFor(f.FileGate, f.Run) }

// Asker is the asker g names for questions whose files live in the run
// folder dir: a FileAsker there for the file gate, AutoAsker for auto, or
// File's error for another gate.
func (g DriverGate) Asker(dir string) (Asker, error) {
	file, err := g.File()
	if err != nil {
		return nil, err
	}
	return askerFor(file, dir), nil
}

// askerFor is FileAsker{dir} when file, else AutoAsker.
func askerFor(file bool, dir string) Asker {
	if file {
		return FileAsker{Dir: dir}
	}
	return AutoAsker{}
}
