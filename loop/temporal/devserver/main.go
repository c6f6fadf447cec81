// Command devserver runs a real Temporal server in one process on the
// loopback interface, for kaigi's tests against Temporal.
//
// It is built from go.temporal.io/server with SQLite persistence (in memory,
// or in a file given by -db) and all four services (frontend, history,
// matching, worker) in this process. It lives in its own module because that
// server release pins a Temporal API version that the kaigi module's SDK does
// not build with; the kaigi module talks to it over gRPC.
//
// The server release needs a newer Go than the rest of kaigi; build it with
//
//	GOTOOLCHAIN=go1.27.3 go build -o devserver .
//
// Usage:
//
//	devserver [-addr 127.0.0.1:0] [-namespace default] [-db FILE] [-v]
//
// When the frontend answers calls for the namespace, devserver prints exactly
// one line, "ready HOST:PORT", to standard output and nothing else there
// afterwards. Logs go to standard error: only devserver's own errors by
// default, the server's logs as well with -v. A fatal error of the server
// (a port in use, a membership that cannot start) is written to standard
// error as "devserver: fatal: ..." and ends the process with exit code 1,
// with or without -v. On SIGTERM or SIGINT it stops the server and exits 0.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/server/common/authorization"
	"go.temporal.io/server/common/cluster"
	"go.temporal.io/server/common/config"
	"go.temporal.io/server/common/dynamicconfig"
	"go.temporal.io/server/common/metrics"
	sqliteplugin "go.temporal.io/server/common/persistence/sql/sqlplugin/sqlite"
	"go.temporal.io/server/schema/sqlite"
	"go.temporal.io/server/temporal"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// clusterName is the name of the single, local cluster.
const clusterName = "active"

// options are devserver's command-line settings.
type options struct {
	addr         string        // frontend gRPC host:port; port 0 picks a free one
	namespace    string        // namespace registered at start
	db           string        // SQLite file; empty keeps state in memory
	verbose      bool          // server logs on standard error
	readyTimeout time.Duration // how long the frontend may take to answer
}

func main() {
	var o options
	fs := flag.NewFlagSet("devserver", flag.ContinueOnError)
	fs.StringVar(&o.addr, "addr", "127.0.0.1:0", "frontend gRPC `host:port` (loopback only; port 0 picks a free port)")
	fs.StringVar(&o.namespace, "namespace", "default", "`namespace` to register at start")
	fs.StringVar(&o.db, "db", "", "SQLite database `file` (created with the schema if missing); empty keeps state in memory")
	fs.BoolVar(&o.verbose, "v", false, "write the server's logs to standard error")
	fs.DurationVar(&o.readyTimeout, "ready-timeout", 2*time.Minute, "how long to wait for the frontend to answer")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		os.Exit(2)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "devserver: unexpected arguments: %q\n", fs.Args())
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := run(ctx, o, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "devserver: %v\n", err)
		os.Exit(1)
	}
}

// run starts the server, prints the ready line to stdout once the frontend
// answers, and stops the server when ctx is done.
func run(ctx context.Context, o options, stdout, stderr io.Writer) error {
	host, port, err := loopbackHostPort(o.addr)
	if err != nil {
		return err
	}
	if o.namespace == "" {
		return errors.New("-namespace must not be empty")
	}
	if port == 0 {
		if port, err = freePort(host); err != nil {
			return err
		}
	}
	frontend := net.JoinHostPort(host, strconv.Itoa(port))

	logger := serverLogger(o.verbose, stderr, os.Exit)

	cfg, err := serverConfig(host, port)
	if err != nil {
		return err
	}
	sqlCfg := cfg.Persistence.DataStores[sqliteplugin.PluginName].SQL
	if o.db == "" {
		// A name of this process's own: SQLite's shared in-memory databases
		// are shared by name.
		sqlCfg.DatabaseName = fmt.Sprintf("kaigi-devserver-%d", os.Getpid())
		sqlCfg.ConnectAttributes["mode"] = "memory"
		sqlCfg.ConnectAttributes["cache"] = "shared"
	} else {
		sqlCfg.DatabaseName = o.db
		sqlCfg.ConnectAttributes["mode"] = "rwc"
		if err := setupSchemaIfMissing(sqlCfg, o.db); err != nil {
			return err
		}
	}

	ns, err := sqlite.NewNamespaceConfig(clusterName, o.namespace, false, nil)
	if err != nil {
		return fmt.Errorf("namespace %q: %w", o.namespace, err)
	}
	if err := sqlite.CreateNamespaces(sqlCfg, ns); err != nil {
		return fmt.Errorf("registering namespace: %w", err)
	}

	authorizer, err := authorization.GetAuthorizerFromConfig(&cfg.Global.Authorization)
	if err != nil {
		return fmt.Errorf("authorizer: %w", err)
	}
	claimMapper, err := authorization.GetClaimMapperFromConfig(&cfg.Global.Authorization, logger)
	if err != nil {
		return fmt.Errorf("claim mapper: %w", err)
	}
	srv, err := temporal.NewServer(
		temporal.WithConfig(cfg),
		temporal.ForServices(temporal.DefaultServices),
		temporal.WithLogger(logger),
		temporal.WithAuthorizer(authorizer),
		temporal.WithClaimMapper(func(*config.Config) authorization.ClaimMapper { return claimMapper }),
		temporal.WithCustomMetricsHandler(metrics.NoopMetricsHandler),
		temporal.WithDynamicConfigClient(dynamicconfig.StaticClient{
			// As the server's temporaltest package: search attributes
			// registered by a test are visible at once.
			dynamicconfig.ForceSearchAttributesCacheRefreshOnRead.Key(): []dynamicconfig.ConstrainedValue{{Value: true}},
		}),
	)
	if err != nil {
		return fmt.Errorf("creating server: %w", err)
	}
	if err := srv.Start(); err != nil {
		return fmt.Errorf("starting server: %w", err)
	}
	defer func() {
		if err := srv.Stop(); err != nil {
			fmt.Fprintf(stderr, "devserver: stopping server: %v\n", err)
		}
	}()

	readyCtx, cancel := context.WithTimeout(ctx, o.readyTimeout)
	defer cancel()
	if err := waitReady(readyCtx, frontend, o.namespace); err != nil {
		if ctx.Err() != nil {
			return nil // told to stop before the server was ready
		}
		return err
	}
	if _, err := fmt.Fprintf(stdout, "ready %s\n", frontend); err != nil {
		return err
	}
	<-ctx.Done()
	return nil
}

// loopbackHostPort splits addr and checks that its host is a loopback
// address; "localhost" stands for 127.0.0.1.
func loopbackHostPort(addr string) (host string, port int, err error) {
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, fmt.Errorf("-addr %q: %w", addr, err)
	}
	if host == "localhost" {
		host = "127.0.0.1"
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return "", 0, fmt.Errorf("-addr %q: host %q is not a loopback address (use 127.0.0.1 or ::1): the development server has no authentication", addr, host)
	}
	port, err = strconv.Atoi(p)
	if err != nil || port < 0 || port > 65535 {
		return "", 0, fmt.Errorf("-addr %q: bad port %q", addr, p)
	}
	return ip.String(), port, nil
}

// freePort asks the kernel for a free TCP port on host. The server binds it
// a moment later; the frontend's ports are config values, not listeners.
func freePort(host string) (int, error) {
	l, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return 0, fmt.Errorf("finding a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// serverConfig is the configuration of a one-process server whose frontend
// listens on host:port; the other services and membership listen on free
// ports of 127.0.0.1. Persistence is one SQLite store whose database name
// and mode the caller sets.
func serverConfig(host string, port int) (*config.Config, error) {
	frontend := net.JoinHostPort(host, strconv.Itoa(port))
	service := func(grpcPort int) (config.Service, error) {
		membership, err := freePort("127.0.0.1")
		if err != nil {
			return config.Service{}, err
		}
		if grpcPort == 0 {
			if grpcPort, err = freePort("127.0.0.1"); err != nil {
				return config.Service{}, err
			}
		}
		return config.Service{RPC: config.RPC{
			GRPCPort:        grpcPort,
			MembershipPort:  membership,
			BindOnLocalHost: true,
		}}, nil
	}
	services := map[string]config.Service{}
	for _, name := range []string{"frontend", "history", "matching", "worker"} {
		p := 0
		if name == "frontend" {
			p = port
		}
		svc, err := service(p)
		if err != nil {
			return nil, err
		}
		if name == "frontend" {
			svc.RPC.BindOnLocalHost = false
			svc.RPC.BindOnIP = host
		}
		services[name] = svc
	}
	return &config.Config{
		Global: config.Global{
			Membership: config.Membership{
				MaxJoinDuration:  30 * time.Second,
				BroadcastAddress: "127.0.0.1",
			},
		},
		Persistence: config.Persistence{
			DefaultStore:     sqliteplugin.PluginName,
			VisibilityStore:  sqliteplugin.PluginName,
			NumHistoryShards: 1,
			DataStores: map[string]config.DataStore{
				sqliteplugin.PluginName: {SQL: &config.SQL{
					PluginName:        sqliteplugin.PluginName,
					ConnectAttributes: map[string]string{},
				}},
			},
		},
		ClusterMetadata: &cluster.Config{
			EnableGlobalNamespace:    false,
			FailoverVersionIncrement: 10,
			MasterClusterName:        clusterName,
			CurrentClusterName:       clusterName,
			ClusterInformation: map[string]cluster.ClusterInformation{
				clusterName: {
					Enabled:                true,
					InitialFailoverVersion: 1,
					RPCAddress:             frontend,
				},
			},
		},
		DCRedirectionPolicy: config.DCRedirectionPolicy{Policy: "noop"},
		Services:            services,
		Archival: config.Archival{
			History:    config.HistoryArchival{State: "disabled"},
			Visibility: config.VisibilityArchival{State: "disabled"},
		},
		// The server's own worker service is a client of the frontend.
		PublicClient: config.PublicClient{HostPort: frontend},
		NamespaceDefaults: config.NamespaceDefaults{
			Archival: config.ArchivalNamespaceDefaults{
				History:    config.HistoryArchivalNamespaceDefaults{State: "disabled"},
				Visibility: config.VisibilityArchivalNamespaceDefaults{State: "disabled"},
			},
		},
	}, nil
}

// setupSchemaIfMissing creates the database file with Temporal's schema if
// it does not exist yet; an existing file is used as it is.
func setupSchemaIfMissing(sqlCfg *config.SQL, file string) error {
	if _, err := os.Stat(file); err == nil {
		return nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("-db: %w", err)
	}
	if _, err := os.Stat(filepath.Dir(file)); err != nil {
		return fmt.Errorf("-db: %w", err)
	}
	if err := sqlite.SetupSchema(sqlCfg); err != nil {
		return fmt.Errorf("-db %s: setting up schema: %w", file, err)
	}
	return nil
}

// waitReady polls the frontend until it describes the namespace, which is
// what a client's first calls need.
func waitReady(ctx context.Context, frontend, namespace string) error {
	conn, err := grpc.NewClient(frontend, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return fmt.Errorf("dialing frontend %s: %w", frontend, err)
	}
	defer conn.Close()
	svc := workflowservice.NewWorkflowServiceClient(conn)
	for {
		callCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		_, err := svc.DescribeNamespace(callCtx, &workflowservice.DescribeNamespaceRequest{Namespace: namespace})
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("frontend %s not ready: %w (last error: %v)", frontend, ctx.Err(), err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}
