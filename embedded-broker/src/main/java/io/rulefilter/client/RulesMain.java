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
package io.rulefilter.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.rulefilter.client.ManagementClient.ManagementException;
import io.rulefilter.cli.CommandLines;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code rulefilter rules}: manage rules on a running broker. Exit codes: 0 done, 1 refused or failed (connection,
 * credentials, unknown queue or address), 2 invalid rule or usage.
 */
@Command(name = "rulefilter rules", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "rulefilter 0.1.0",
      description = "Manage the rules of a running RuleFilter broker.",
      subcommands = {RulesMain.ListRules.class, RulesMain.Get.class, RulesMain.Set.class, RulesMain.Remove.class,
            RulesMain.Enable.class, RulesMain.Disable.class, RulesMain.Stats.class, RulesMain.AddressSet.class,
            RulesMain.AddressGet.class, RulesMain.AddressRemove.class, CommandLine.HelpCommand.class})
public final class RulesMain {

   static final int FAILED = 1;
   static final int INVALID = 2;

   public static void main(String[] args) {
      System.exit(commandLine().execute(args));
   }

   public static CommandLine commandLine() {
      return CommandLines.of(new RulesMain());
   }

   static final class Subscription {
      @Option(names = "--address", required = true, description = "the address, e.g. airport.events")
      String address;

      @Option(names = "--queue", required = true, description = "the subscription queue")
      String queue;
   }

   /** Runs one operation and prints its result; a refusal goes to stderr with a non-zero exit. */
   abstract static class Operation implements Callable<Integer> {
      @Mixin
      ConnectionOptions connection;

      @Spec
      CommandLine.Model.CommandSpec spec;

      abstract Object call(ManagementClient client) throws ManagementException;

      @Override
      public Integer call() {
         try (ManagementClient client = connection.management()) {
            Object result = call(client);
            spec.commandLine().getOut().println(render(result));
            return 0;
         } catch (ManagementException e) {
            spec.commandLine().getErr().println("rulefilter rules: " + e.getMessage());
            return isUsageError(e.getMessage()) ? INVALID : FAILED;
         }
      }

      /** A rejected rule or a --url that is no broker URL: the user's input, not the broker, is wrong. */
      private static boolean isUsageError(String message) {
         return message != null && (message.startsWith("rule error at") || message.startsWith("invalid broker URL"));
      }

      private static String render(Object result) {
         if (result instanceof String text && (text.startsWith("{") || text.startsWith("["))) {
            try {
               ObjectMapper json = new ObjectMapper();
               return json.writerWithDefaultPrettyPrinter().writeValueAsString(json.readTree(text));
            } catch (Exception e) {
               return text;
            }
         }
         return String.valueOf(result);
      }
   }

   @Command(name = "list", description = "Every filtered subscription and address rule.")
   static final class ListRules extends Operation {
      @Override
      Object call(ManagementClient client) throws ManagementException {
         return client.invoke("listRules");
      }
   }

   @Command(name = "get", description = "A subscription's rule, where it comes from, switch and address rule.")
   static final class Get extends Operation {
      @Mixin
      Subscription subscription;

      @Override
      Object call(ManagementClient client) throws ManagementException {
         return client.invoke("getRule", subscription.address, subscription.queue);
      }
   }

   @Command(name = "set", description = "Set a subscription's rule; takes effect on the next routed message.")
   static final class Set extends Operation {
      @Mixin
      Subscription subscription;

      @Option(names = "--rule", required = true, description = "the rule, e.g. 'airline weq CA and bagCount gt 2'")
      String rule;

      @Option(names = "--purge", description = "also remove queued messages the new rule rejects")
      boolean purge;

      @Override
      Object call(ManagementClient client) throws ManagementException {
         return client.invoke("setRule", subscription.address, subscription.queue, rule, purge);
      }
   }

   @Command(name = "remove", description = "Drop the management rule; the subscription goes back to its creation rule.")
   static final class Remove extends Operation {
      @Mixin
      Subscription subscription;

      @Override
      Object call(ManagementClient client) throws ManagementException {
         return client.invoke("removeRule", subscription.address, subscription.queue);
      }
   }

   @Command(name = "enable", description = "Turn the subscription's filtering on.")
   static final class Enable extends Operation {
      @Mixin
      Subscription subscription;

      @Override
      Object call(ManagementClient client) throws ManagementException {
         return client.invoke("enable", subscription.address, subscription.queue);
      }
   }

   @Command(name = "disable", description = "Turn filtering off: the subscription receives everything; its rule is kept.")
   static final class Disable extends Operation {
      @Mixin
      Subscription subscription;

      @Override
      Object call(ManagementClient client) throws ManagementException {
         return client.invoke("disable", subscription.address, subscription.queue);
      }
   }

   @Command(name = "stats", description = "Matched and rejected counts and the last change of a subscription.")
   static final class Stats extends Operation {
      @Mixin
      Subscription subscription;

      @Override
      Object call(ManagementClient client) throws ManagementException {
         return client.invoke("stats", subscription.address, subscription.queue);
      }
   }

   @Command(name = "address-set", description = "Set the address rule, ANDed with every subscription's rule.")
   static final class AddressSet extends Operation {
      @Option(names = "--address", required = true, description = "the address")
      String address;

      @Option(names = "--rule", required = true, description = "the rule")
      String rule;

      @Override
      Object call(ManagementClient client) throws ManagementException {
         return client.invoke("setAddressRule", address, rule);
      }
   }

   @Command(name = "address-get", description = "The address rule (null when there is none).")
   static final class AddressGet extends Operation {
      @Option(names = "--address", required = true, description = "the address")
      String address;

      @Override
      Object call(ManagementClient client) throws ManagementException {
         return client.invoke("getAddressRule", address);
      }
   }

   @Command(name = "address-remove", description = "Remove the address rule.")
   static final class AddressRemove extends Operation {
      @Option(names = "--address", required = true, description = "the address")
      String address;

      @Override
      Object call(ManagementClient client) throws ManagementException {
         Object removed = client.invoke("removeAddressRule", address);
         return Boolean.TRUE.equals(removed) ? "removed" : "the address had no rule";
      }
   }
}
