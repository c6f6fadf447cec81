package loop

// Asker is the asker the arguments name, for the run's questions (AskOnce):
// a FileAsker in the run folder (Run) for the file gate, else AutoAsker.
func (f ReviewFolder) Asker() Asker {
	if f.FileGate {
		return FileAsker{Dir: f.Run}
	}
	return AutoAsker{}
}
