package loop

// StopText says why the run stopped, for people: the driver's own words
// (StopWords) when it gave them, else Reason.Describe(). summary.md and
// report.html say it.
func (o *Outcome) StopText() string {
	if o.StopWords != "" {
		return o.StopWords
	}
	return o.Reason.Describe()
}
