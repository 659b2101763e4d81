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

import io.rulefilter.cli.CommandLines;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQExceptionType;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.io.PrintWriter;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code rulefilter subscribe}: a shared durable subscription, as JMS's {@code createSharedDurableConsumer(topic, queue,
 * rule)} makes it (its queue is named after the subscription), printing what it receives.
 */
@Command(name = "rulefilter subscribe", mixinStandardHelpOptions = true, version = "rulefilter 0.1.0",
      description = "Subscribe to an address of a running broker with a rule and print every message the rule lets through.",
      footer = {"", "Creates the shared durable subscription, or attaches to it when it exists with the same rule; it",
            "outlives the command, so messages published meanwhile wait for the next subscribe. Change its rule while",
            "it runs with rulefilter rules set.",
            "Exit codes: 0 done (--count reached), 1 failed (broker unreachable or refusing, connection lost), 2 usage",
            "error or invalid rule."})
public final class SubscribeCommand extends AddressCommand {

   private static final long POLL_MS = 500;
   private static final Pattern RULE_ERROR = Pattern.compile("rule error at .*?(?= \\*/|$)");

   @Option(names = "--queue", required = true, description = "the subscription's name, which is its queue's, e.g. baggage")
   String queue;

   @Option(names = "--rule", description = "the rule, e.g. '@tag beg BS' (none: every message)")
   String rule;

   @Option(names = "--json", description = "print each message as one JSON object, in the shape rulefilter eval and publish read")
   boolean json;

   @Option(names = "--count", paramLabel = "N", description = "stop after N messages (default: run until interrupted)")
   Integer count;

   public static void main(String[] args) {
      System.exit(CommandLines.of(new SubscribeCommand()).execute(args));
   }

   @Override
   public Integer call() {
      if (count != null && count < 1) {
         throw new ParameterException(spec.commandLine(), "--count " + count + ": expected a whole number of at least 1");
      }
      try (BrokerSession broker = connection.open()) {
         ClientSession session = broker.session();
         Optional<String> refused = attach(session);
         if (refused.isPresent()) {
            complain(refused.get());
            return CommandLines.FAILED;
         }
         try (ClientConsumer consumer = session.createConsumer(queue)) {
            err().println("subscribed to " + address + " as " + queue + (rule == null ? " (no rule)" : " with rule '" + rule + "'")
                  + (count == null ? "; Ctrl-C to stop" : ""));
            return receive(broker, consumer);
         }
      } catch (BrokerSession.Failure e) {
         return notOpened(e);
      } catch (ActiveMQException e) {
         if (e.getType() != ActiveMQExceptionType.INVALID_FILTER_EXPRESSION) {
            complain(e.getMessage());
            return CommandLines.FAILED;
         }
         // the plugin's refusal carries the rule error inside Artemis's own message: show only the former
         Matcher error = RULE_ERROR.matcher(String.valueOf(e.getMessage()));
         complain("invalid rule '" + rule + "': " + (error.find() ? error.group() : e.getMessage()));
         return CommandLines.INVALID;
      }
   }

   /** Creates the subscription or checks that the existing one is the same; the reason it cannot, if it cannot. */
   private Optional<String> attach(ClientSession session) throws ActiveMQException {
      ClientSession.QueueQuery existing = session.queueQuery(SimpleString.of(queue));
      if (!existing.isExists()) {
         session.createSharedQueue(QueueConfiguration.of(queue).setAddress(address).setRoutingType(RoutingType.MULTICAST)
               .setFilterString(rule).setDurable(true));
         return Optional.empty();
      }
      if (!address.equals(String.valueOf(existing.getAddress()))) {
         return Optional.of("queue '" + queue + "' belongs to address '" + existing.getAddress() + "', not '" + address + "'");
      }
      String filter = existing.getFilterString() == null ? null : existing.getFilterString().toString();
      if (!Objects.equals(filter, rule)) {
         // JMS would drop and recreate the subscription, losing its backlog: a command-line tool should not
         return Optional.of("subscription '" + queue + "' exists with " + (filter == null ? "no rule" : "rule '" + filter + "'")
               + "; subscribe with that, or change its rule with 'rulefilter rules set'");
      }
      return Optional.empty();
   }

   private int receive(BrokerSession broker, ClientConsumer consumer) throws ActiveMQException {
      PrintWriter out = out();
      for (int received = 0; count == null || received < count; ) {
         ClientMessage message;
         try {
            message = consumer.receive(POLL_MS);
         } catch (ActiveMQException closed) {
            // only the broker going away closes our consumer while we wait (a broker stopping closes it first)
            return lost(broker.lost() != null ? broker.lost() : closed);
         }
         if (message == null) {
            if (broker.lost() != null) {
               return lost(broker.lost());
            }
            continue;
         }
         message.acknowledge();
         BusMessage shown = BusMessage.of(message);
         out.println(json ? shown.json() : shown.line());
         out.flush();
         received++;
      }
      return 0;
   }

   private int lost(ActiveMQException why) {
      complain("lost the connection to " + connection.url + ": " + why.getMessage());
      return CommandLines.FAILED;
   }
}
