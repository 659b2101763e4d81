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
package io.rulefilter.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * The commands of the other modules, as entries of {@code rulefilter --help}. bin/rulefilter starts their own main
 * classes (and turns {@code help broker} into {@code broker --help}), so these run only when this module's main class
 * is started by hand; they then say how to run the real command. Their descriptions are the real commands' (a test
 * in each module compares them).
 */
final class OtherModules {

   private OtherModules() {
   }

   /** Says where the command really is, with exit 2: it cannot run from the rule-language module. */
   abstract static class Elsewhere implements Callable<Integer> {
      @Unmatched
      List<String> arguments = List.of();

      @Spec
      CommandSpec spec;

      abstract String mainClass();

      @Override
      public Integer call() {
         spec.commandLine().getErr().println(spec.qualifiedName() + ": start it with bin/" + spec.qualifiedName()
               + " (its main class is " + mainClass() + ")");
         return CommandLines.INVALID;
      }
   }

   @Command(name = "broker", description = "Start Artemis 2.56.0 with the RuleFilter plugin on 127.0.0.1.")
   static final class Broker extends Elsewhere {
      @Override
      String mainClass() {
         return "io.rulefilter.broker.BrokerMain";
      }
   }

   @Command(name = "cluster", description = "Start a local Artemis 2.56.0 cluster of RuleFilter brokers on 127.0.0.1.")
   static final class Cluster extends Elsewhere {
      @Override
      String mainClass() {
         return "io.rulefilter.broker.ClusterMain";
      }
   }

   @Command(name = "rules", description = "Manage the rules of a running RuleFilter broker.")
   static final class Rules extends Elsewhere {
      @Override
      String mainClass() {
         return "io.rulefilter.client.RulesMain";
      }
   }

   @Command(name = "subscribe",
         description = "Subscribe to an address of a running broker with a rule and print every message the rule lets through.")
   static final class Subscribe extends Elsewhere {
      @Override
      String mainClass() {
         return "io.rulefilter.client.SubscribeCommand";
      }
   }

   @Command(name = "publish", description = "Publish messages with a tag and properties to an address of a running broker.")
   static final class Publish extends Elsewhere {
      @Override
      String mainClass() {
         return "io.rulefilter.client.PublishCommand";
      }
   }

   @Command(name = "bench", description = "Benchmark RuleFilter against plain Artemis (quick by default, under 3 minutes).")
   static final class Bench extends Elsewhere {
      @Override
      String mainClass() {
         return "io.rulefilter.bench.BenchMain";
      }
   }
}
