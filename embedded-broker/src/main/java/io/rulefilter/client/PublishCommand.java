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
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@code rulefilter publish}: sends messages to a multicast address, as a JMS topic publisher does. Everything is
 * read and checked before anything is sent, so a bad argument or input line sends nothing.
 */
@Command(name = "rulefilter publish", mixinStandardHelpOptions = true, version = "rulefilter 0.1.0",
      description = "Publish messages with a tag and properties to an address of a running broker.",
      footer = {"", "With no --tag, --body or KEY=VALUE, reads one JSON object per line from standard input, in the shape",
            "rulefilter eval reads: {\"tag\":\"BSM\",\"properties\":{\"airline\":\"CA\",\"bagCount\":3},\"body\":\"text\"}.",
            "Exit codes: 0 sent, 1 failed (broker unreachable or refusing), 2 usage error."})
public final class PublishCommand extends AddressCommand {

   @Option(names = "--tag", description = "the tag (JMS type), e.g. BSM")
   String tag;

   @Option(names = "--body", description = "a text body (the message is then a JMS TextMessage)")
   String body;

   @Parameters(paramLabel = "KEY=VALUE", arity = "0..*", description = {
         "a property; a whole number (-12, 3) is sent as a long, a decimal number (2.5, 1e3) as a double,",
         "anything else as a string; for a number as text use JSON lines on standard input"})
   List<String> properties = List.of();

   /** Where JSON lines come from (a test gives its own). */
   InputStream in = System.in;

   public static void main(String[] args) {
      System.exit(CommandLines.of(new PublishCommand()).execute(args));
   }

   @Override
   public Integer call() throws IOException {
      List<BusMessage> messages = fromArguments() ? List.of(PublishInput.fromArguments(spec.commandLine(), tag, properties, body))
            : PublishInput.fromJsonLines(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
      try (BrokerSession broker = connection.open(); ClientProducer producer = broker.session().createProducer(address)) {
         for (BusMessage message : messages) {
            ClientMessage core = message.toCore(broker.session());
            core.setRoutingType(RoutingType.MULTICAST);
            producer.send(core);
         }
      } catch (BrokerSession.Failure e) {
         return notOpened(e);
      } catch (ActiveMQException e) {
         complain("could not send to '" + address + "': " + e.getMessage());
         return CommandLines.FAILED;
      }
      out().println("sent " + messages.size() + (messages.size() == 1 ? " message" : " messages")
            + " to " + address);
      return 0;
   }

   private boolean fromArguments() {
      return tag != null || body != null || !properties.isEmpty();
   }
}
