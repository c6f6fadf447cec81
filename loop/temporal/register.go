package temporal

import "go.temporal.io/sdk/activity"

// activityOptions names an activity.
func activityOptions(name string) activity.RegisterOptions {
	return activity.RegisterOptions{Name: name}
}
