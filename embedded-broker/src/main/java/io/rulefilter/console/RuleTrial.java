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
import io.rulefilter.cli.JsonMessages;
import io.rulefilter.cli.TypeBSummary;
import io.rulefilter.eval.Explanation;
import io.rulefilter.internal.message.MapMessage;
import io.rulefilter.rule.And;
import io.rulefilter.rule.Not;
import io.rulefilter.rule.Or;
import io.rulefilter.rule.Rule;

/**
 * "Try": a rule's verdict on one message, with each condition's, as {@code rulefilter explain} shows it. Management's
 * {@code check} validates the rule first, as the user: it answers the caret error, with the broker's limits, and
 * management's roles decide who may try.
 */
final class RuleTrial {

   private final RuleLanguage language;

   /** @param language the broker's, so that the verdict is the broker's */
   RuleTrial(RuleLanguage language) {
      this.language = language;
   }

   /** @param request {@code {"rule": "…", "message": {"tag", "properties", "body"}}}, the message as {@code eval} reads it */
   ObjectNode run(ApiRequest request, ManagementGateway.Calls calls) throws ApiError {
      String rule = request.text("rule");
      JsonNode given = request.body().path("message");
      if (!given.isMissingNode() && !given.isObject()) {
         throw ApiError.badRequest("'message' must be an object: {\"tag\", \"properties\", \"body\"}");
      }
      MapMessage message;
      try {
         message = JsonMessages.fromJson(given.isMissingNode() ? JsonNodeFactory.instance.objectNode() : given);
      } catch (IllegalArgumentException e) {
         throw ApiError.badRequest("message: " + e.getMessage());
      }
      String canonical = String.valueOf(calls.invoke("check", rule));
      Rule parsed = language.parse(rule);
      Explanation explanation = language.explain(parsed, message);
      ObjectNode answer = JsonNodeFactory.instance.objectNode();
      answer.put("rule", rule);
      answer.put("canonical", canonical);
      answer.put("matched", explanation.verdict());
      answer.set("conditions", tree(explanation));
      String typeB = message.body() == null ? "" : TypeBSummary.of(message.body(), message.typeB());
      answer.put("explanation", typeB + explanation.render() + (explanation.verdict() ? "=> delivered" : "=> not delivered"));
      return answer;
   }

   /** The explanation as JSON: {@code node} is "and", "or", "not" or the condition's canonical text. */
   private static ObjectNode tree(Explanation explanation) {
      ObjectNode node = JsonNodeFactory.instance.objectNode();
      Rule rule = explanation.rule();
      node.put("node", rule instanceof And ? "and" : rule instanceof Or ? "or" : rule instanceof Not ? "not" : rule.canonical());
      node.put("matched", explanation.verdict());
      if (!explanation.operands().isEmpty()) {
         ArrayNode operands = node.putArray("operands");
         explanation.operands().forEach(operand -> operands.add(tree(operand)));
      }
      return node;
   }
}
