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
package io.rulefilter.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.rulefilter.bench.AirportWorkload.Mix;
import io.rulefilter.bench.BenchBroker.Kind;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code rulefilter bench}: the filter micro-benchmark (JMH) and the end-to-end routing benchmark, RuleFilter against
 * plain Artemis measured in the same run and JVM, printed as tables and written as JSON.
 */
@Command(name = "rulefilter bench", mixinStandardHelpOptions = true,
      description = "Benchmark RuleFilter against plain Artemis (quick by default, under 3 minutes).")
public final class BenchMain implements Callable<Integer> {

   @Option(names = "--full", description = "the full run: longer JMH, in-VM and TCP, more messages and rounds, the index switched off too")
   boolean full;

   @Option(names = "--skip-jmh", description = "only the routing benchmark")
   boolean skipJmh;

   @Option(names = "--skip-routing", description = "only the JMH benchmark")
   boolean skipRouting;

   @Option(names = "--sizes", split = ",", defaultValue = "1,10,100,1000", description = "subscription counts (default: ${DEFAULT-VALUE})")
   int[] sizes;

   @Option(names = "--mixes", split = ",", defaultValue = "BROAD,SELECTIVE", description = "rule mixes (default: ${DEFAULT-VALUE})")
   List<Mix> mixes;

   @Option(names = "--brokers", split = ",", description = "only these brokers: RULEFILTER, RULEFILTER_NO_INDEX, ARTEMIS_SQL, NO_FILTER")
   List<Kind> only;

   @Option(names = "--output", defaultValue = "${env:RULEFILTER_HOME:-.}/benchmarks/results",
         description = "where JSON results go (default: ${DEFAULT-VALUE})")
   Path output;

   static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";
   static final String SERVER_LOG_LEVEL = "org.slf4j.simpleLogger.log.org.apache.activemq.artemis.core.server";

   private final PrintStream out = System.out;

   public static void main(String[] args) {
      System.setProperty(LOG_LEVEL, "warn");
      System.setProperty(SERVER_LOG_LEVEL, "error");
      System.exit(new CommandLine(new BenchMain()).execute(args));
   }

   @Override
   public Integer call() throws Exception {
      Files.createDirectories(output);
      String stamp = Instant.now().toString().replace(':', '-');
      Map<String, Object> report = new LinkedHashMap<>();
      report.put("mode", full ? "full" : "quick");
      report.put("java", System.getProperty("java.version"));
      report.put("cores", Runtime.getRuntime().availableProcessors());
      if (!skipJmh) {
         JmhRuns jmh = new JmhRuns(full, sizes, mixes, out);
         report.put("filter", jmh.filterBenchmark(output.resolve("jmh-" + stamp + ".json")));
         if (!skipRouting) {
            report.put("routingDecision", jmh.routingDecisionBenchmark(output.resolve("jmh-routing-" + stamp + ".json")));
         }
      }
      if (!skipRouting) {
         RoutingRuns routing = new RoutingRuns(full, sizes, mixes, only, out);
         report.put("routing", routing.run());
         report.put("pairedRatios", routing.ratios());
      }
      Path json = output.resolve("bench-" + stamp + ".json");
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), report);
      out.println("results: " + json);
      return 0;
   }
}
