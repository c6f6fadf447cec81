package offline

// say returns ja in a Japanese document (one that holds kana) and en
// otherwise: every rule speaks the document's language, whatever the
// language of the sentence it reports.
func (r *run) say(en, ja string) string {
	if r.doc.kana {
		return ja
	}
	return en
}
