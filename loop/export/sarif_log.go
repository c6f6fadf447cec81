package export

// The SARIF 2.1.0 objects this package writes, with the properties it
// sets. A property the writer has no value for is left out (omitempty, or
// a nil pointer where zero is a value): SARIF's "unset" sentinels such as
// "index": -1 are never written, since GitHub code scanning reads an id
// or an index as an integer from 0 up.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                        `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLocation `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                           `json:"columnKind"`
	Results            []*sarifResult                   `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string         `json:"id"`
	Name             string         `json:"name,omitempty"`
	ShortDescription sarifMultiText `json:"shortDescription"`
	FullDescription  sarifMultiText `json:"fullDescription"`
	Help             sarifMultiText `json:"help"`
}

// sarifMultiText is a multiformatMessageString.
type sarifMultiText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Kind                string             `json:"kind,omitempty"`
	Level               string             `json:"level"`
	Message             sarifMessage       `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	RelatedLocations    []sarifLocation    `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string  `json:"partialFingerprints"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
	Fixes               []sarifFix         `json:"fixes,omitempty"`
	Properties          map[string]any     `json:"properties,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifMessage         `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// sarifRegion is a region by lines, and by UTF-16 columns and character
// offsets when StartColumn is set (charOffset 0 and charLength 0 are
// values, so those two are pointers).
type sarifRegion struct {
	StartLine   int                   `json:"startLine"`
	StartColumn int                   `json:"startColumn,omitempty"`
	EndLine     int                   `json:"endLine"`
	EndColumn   int                   `json:"endColumn,omitempty"`
	CharOffset  *int                  `json:"charOffset,omitempty"`
	CharLength  *int                  `json:"charLength,omitempty"`
	Snippet     *sarifArtifactContent `json:"snippet,omitempty"`
}

type sarifArtifactContent struct {
	Text string `json:"text"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Status        string `json:"status"`
	Justification string `json:"justification"`
}

type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Replacements     []sarifReplacement    `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion          `json:"deletedRegion"`
	InsertedContent sarifArtifactContent `json:"insertedContent"`
}
