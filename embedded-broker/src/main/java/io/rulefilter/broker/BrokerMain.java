/*
 * Copyright 2026 the RuleFilter authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.rulefilter.broker;

import io.rulefilter.cli.CommandLines;
import io.rulefilter.console.ConsoleServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.io.FileNotFoundException;

/** {@code rulefilter broker}: runs the embedded broker until SIGTERM or Ctrl-C, then stops it cleanly. */
@Command(name = "rulefilter broker", mixinStandardHelpOptions = true, version = "rulefilter 0.1.0",
      description = "Start Artemis 2.56.0 with the RuleFilter plugin on 127.0.0.1.")
public final class BrokerMain implements Callable<Integer> {

   static {
      defaultLogLevels();
   }

   /**
    * Artemis's warnings and RuleFilter's own information, each line stamped with the wall-clock time in ISO-8601 with
    * the zone's offset; each can be overridden with -D.
    */
   static void defaultLogLevels() {
      defaultLogLevel("org.slf4j.simpleLogger.defaultLogLevel", "warn");
      defaultLogLevel("org.slf4j.simpleLogger.log.io.rulefilter", "info");
      defaultLogLevel("org.slf4j.simpleLogger.showDateTime", "true");
      defaultLogLevel("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
   }

   @Option(names = "--port", defaultValue = "61616", description = "TCP port on 127.0.0.1 (default: ${DEFAULT-VALUE})")
   int port;

   @Option(names = "--data", defaultValue = "./data", description = "journal, bindings and paging directory (default: ${DEFAULT-VALUE})")
   Path data;

   @Option(names = "--config", paramLabel = "FILE",
         description = "a broker.xml to use instead of the default; users.properties and roles.properties stand next to it")
   Path config;

   @Option(names = "--metrics-port", paramLabel = "PORT",
         description = "serve Artemis's and RuleFilter's metrics in the Prometheus text format at "
               + "http://127.0.0.1:PORT/metrics (default: off)")
   Integer metricsPort;

   @Option(names = "--http-port", paramLabel = "PORT", defaultValue = "0",
         description = "serve the console's JSON API at http://127.0.0.1:PORT/api/ (0, the default: a free port, printed at start)")
   int httpPort;

   @Option(names = "--no-http", description = "no console HTTP port at all")
   boolean noHttp;

   @Spec
   CommandSpec spec;

   public static void main(String[] args) {
      System.exit(CommandLines.of(new BrokerMain()).execute(args));
   }

   @Override
   public Integer call() throws Exception {
      // user errors are one line each, exit 2 or 1: CommandLines reports what is thrown here
      if (port < 1 || port > 65535) {
         throw new ParameterException(spec.commandLine(), "Invalid value for option '--port': '" + port
               + "' is not a port (1 to 65535)");
      }
      if (metricsPort != null && (metricsPort < 1 || metricsPort > 65535)) {
         throw new ParameterException(spec.commandLine(), "Invalid value for option '--metrics-port': '" + metricsPort
               + "' is not a port (1 to 65535)");
      }
      if (metricsPort != null && metricsPort == port) {
         throw new ParameterException(spec.commandLine(), "--metrics-port must differ from --port (" + port + ")");
      }
      if (!noHttp) {
         requireHttpPort();
      }
      ConfigSource source = config == null ? ConfigSource.defaults() : ConfigSource.of(config);
      RuleFilterBroker broker;
      ConsoleServer console = null;
      try {
         StartChecks.requireDataDirectory("--data", data);
         StartChecks.requireFreePort(port);
         console = noHttp ? null : ConsoleServer.bind(httpPort);
         broker = RuleFilterBroker.start(port, data, source, metricsPort);
      } catch (IllegalStateException | IllegalArgumentException | FileNotFoundException e) {
         if (console != null) {
            console.close();
         }
         System.err.println("rulefilter broker: " + e.getMessage());
         return 1;
      }
      if (console != null) {
         console.serve(broker);
      }
      ConsoleServer served = console;
      UntilShutdown shutdown = UntilShutdown.closing("broker", () -> {
         if (served != null) {
            served.close();
         }
         broker.close();
      });
      if (broker.metricsUrl() != null) {
         System.out.println("RuleFilter broker metrics on " + broker.metricsUrl());
      }
      if (served != null) {
         System.out.println("RuleFilter console on " + served.url());
      }
      System.out.println("RuleFilter broker ready on " + broker.url());
      System.out.flush();
      shutdown.await();
      return 0;
   }

   private void requireHttpPort() {
      if (httpPort < 0 || httpPort > 65535) {
         throw new ParameterException(spec.commandLine(), "Invalid value for option '--http-port': '" + httpPort
               + "' is not a port (0 for a free one, or 1 to 65535)");
      }
      if (httpPort != 0 && (httpPort == port || Integer.valueOf(httpPort).equals(metricsPort))) {
         throw new ParameterException(spec.commandLine(), "--http-port must differ from --port and --metrics-port");
      }
   }

   private static void defaultLogLevel(String key, String value) {
      if (System.getProperty(key) == null) {
         System.setProperty(key, value);
      }
   }
}
