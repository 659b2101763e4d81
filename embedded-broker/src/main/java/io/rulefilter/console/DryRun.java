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
package io.rulefilter.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rulefilter.RuleLanguage;
import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.eval.CompiledRule;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.core.server.MessageReference;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.utils.collections.LinkedListIterator;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A dry run of a rule on the messages waiting in a subscription's queue: how many it would keep (with the address's
 * rule, as routing would), and which it would not. Management decides, as the user, that the rule is valid
 * ({@code check}), that the queue is the address's subscription ({@code getRule}) and that the user may see its
 * messages (the queue's {@code listMessagesAsJSON}, with a filter that lists none); the messages are then read where
 * they are and judged through the view routing judges them with, Type B bodies included.
 */
final class DryRun {

   static final int DEFAULT_LIMIT = 200;
   static final int MAX_LIMIT = 10_000;
   /** Message IDs listed of those the rule would not keep; the count says how many there are. */
   static final int MAX_IDS = 100;

   private final RuleLanguage language;
   private final Function<String, Queue> queues;
   private final Supplier<ArtemisMessageView> views;

   DryRun(RuleLanguage language, Function<String, Queue> queues, Supplier<ArtemisMessageView> views) {
      this.language = language;
      this.queues = queues;
      this.views = views;
   }

   /** @param request {@code {"address", "queue", "rule", "limit"?}}: at most {@code limit} messages, oldest first */
   ObjectNode run(ApiRequest request, ManagementGateway.Calls calls) throws ApiError {
      String address = request.text("address");
      String queue = request.text("queue");
      String rule = request.text("rule");
      int limit = request.count("limit", DEFAULT_LIMIT, MAX_LIMIT);
      String canonical = String.valueOf(calls.invoke("check", rule));
      JsonNode subscription = ConsoleApi.json(calls.invoke("getRule", address, queue));
      calls.invokeOn(ResourceNames.QUEUE + queue, "listMessagesAsJSON", "FALSE");
      Queue messages = queues.apply(queue);
      if (messages == null) {
         throw new ApiError(404, "no queue named '" + queue + "'");
      }
      CompiledRule candidate = language.compile(language.parse(rule));
      JsonNode addressRuleText = subscription.path("addressRule");
      CompiledRule addressRule = addressRuleText.isTextual()
            ? language.compile(language.parseStored(addressRuleText.textValue())) : null;

      ObjectNode answer = JsonNodeFactory.instance.objectNode();
      answer.put("address", address).put("queue", queue).put("rule", rule).put("canonical", canonical);
      answer.set("addressRule", addressRuleText.isTextual() ? addressRuleText : null);
      ArrayNode notKeptIds = JsonNodeFactory.instance.arrayNode();
      int examined = 0;
      int kept = 0;
      boolean more;
      ArtemisMessageView view = views.get();
      try (LinkedListIterator<MessageReference> waiting = messages.browserIterator()) {
         for (; examined < limit && waiting.hasNext(); examined++) {
            MessageReference reference = waiting.next();
            view.of(reference.getMessage());
            if (candidate.matches(view) && (addressRule == null || addressRule.matches(view))) {
               kept++;
            } else if (notKeptIds.size() < MAX_IDS) {
               notKeptIds.add(reference.getMessage().getMessageID());
            }
         }
         more = waiting.hasNext();
      } finally {
         view.release();
      }
      answer.put("examined", examined).put("kept", kept).put("notKept", examined - kept).put("more", more);
      answer.set("notKeptIds", notKeptIds);
      return answer;
   }
}
