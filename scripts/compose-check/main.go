// compose-check loads a compose file with compose-go (the loader of the docker compose CLI), with the
// variables it needs supplied, and prints the normalized project as JSON, or the loader's error.
// Usage: compose-check <docker-compose.yml> KEY=VALUE...
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: compose-check <compose file> [KEY=VALUE...]")
		os.Exit(2)
	}
	file, _ := filepath.Abs(os.Args[1])
	env := map[string]string{}
	for _, kv := range os.Args[2:] {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	var envList []string
	for k, v := range env {
		envList = append(envList, k+"="+v)
	}
	opts, err := cli.NewProjectOptions([]string{file},
		cli.WithWorkingDirectory(filepath.Dir(file)),
		cli.WithEnv(envList),
		cli.WithName("kws"),
	)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	project, err := opts.LoadProject(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	out, err := json.Marshal(project)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(string(out))
}
