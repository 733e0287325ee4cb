// compose-check loads a compose file with compose-go (the loader of the docker compose CLI), with the
// variables it needs supplied, and prints the normalized project as JSON, or the loader's error.
// Usage: compose-check <docker-compose.yml> KEY=VALUE...
//
//	compose-check --yaml <file.yml>   prints any YAML file as JSON (the provisioning files the stack mounts)
//
// Only the given variables are visible to the file: the process environment and .env files are not read,
// so a check is reproducible wherever it runs.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"gopkg.in/yaml.v3"
)

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func printYAML(file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		fail(err)
	}
	var doc any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		fail(fmt.Errorf("%s: %w", file, err))
	}
	out, err := json.Marshal(doc)
	if err != nil {
		fail(err)
	}
	fmt.Println(string(out))
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: compose-check <compose file> [KEY=VALUE...] | compose-check --yaml <file>")
		os.Exit(2)
	}
	if os.Args[1] == "--yaml" && len(os.Args) == 3 {
		printYAML(os.Args[2])
		return
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
		fail(err)
	}
	project, err := opts.LoadProject(context.Background())
	if err != nil {
		fail(err)
	}
	out, err := json.Marshal(project)
	if err != nil {
		fail(err)
	}
	fmt.Println(string(out))
}
