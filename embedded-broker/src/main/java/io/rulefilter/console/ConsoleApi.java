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
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The console's JSON API: each route one management operation (for "try" and "dry run", management's checks and then
 * the verdicts), called as the authenticated user. Answers are management's JSON; a refusal is {@code {"error": "…"}} with 400 (the
 * request, e.g. a rule with its caret), 401, 403 (management refused the user), 404 or 413/415.
 */
final class ConsoleApi {

   private static final Logger LOG = LoggerFactory.getLogger(ConsoleApi.class);
   private static final ObjectMapper JSON = new ObjectMapper();
   /** What the console's page sends as {@code X-Requested-With}. */
   static final String PAGE = "rulefilter-console";

   private final ManagementGateway gateway;
   private final RuleTrial trial;
   private final ChangeHistory history;
   private final Map<String, Route> routes = new LinkedHashMap<>();

   ConsoleApi(ManagementGateway gateway, RuleTrial trial, DryRun dryRun, ChangeHistory history) {
      this.gateway = gateway;
      this.history = history;
      this.trial = trial;
      routes.put("GET /api/subscriptions", (r, m) -> {
         JsonNode page = SubscriptionQuery.of(r).page(json(m.invoke("listRules")));
         for (JsonNode row : page.path("subscriptions")) {
            QueueCounts.addTo(row, m);
         }
         return page;
      });
      routes.put("GET /api/subscription", (r, m) -> QueueCounts.addTo(json(m.invoke("getRule", r.parameter("address"),
            r.parameter("queue"))), m));
      routes.put("POST /api/subscription/rule", (r, m) -> json(m.invoke("setRule", r.text("address"), r.text("queue"),
            r.text("rule"), r.flag("purge", false))));
      routes.put("POST /api/subscription/remove-rule", (r, m) -> json(m.invoke("removeRule", r.text("address"),
            r.text("queue"))));
      routes.put("POST /api/subscription/switch", (r, m) -> json(m.invoke(r.flag("enabled", null) ? "enable" : "disable",
            r.text("address"), r.text("queue"))));
      routes.put("GET /api/addresses", (r, m) -> AddressSummary.of(json(m.invoke("listRules"))));
      routes.put("GET /api/address-rules", (r, m) -> json(m.invoke("listRules")).path("addressRules"));
      routes.put("GET /api/address-rule", this::addressRule);
      routes.put("POST /api/address-rule", (r, m) -> json(m.invoke("setAddressRule", r.text("address"), r.text("rule"))));
      routes.put("POST /api/address-rule/remove", (r, m) -> JSON.createObjectNode().put("removed",
            Boolean.TRUE.equals(m.invoke("removeAddressRule", r.text("address")))));
      routes.put("GET /api/changes", (r, m) -> {
         m.attribute(ManagementGateway.RESOURCE, "AddressRules"); // shows rules: only to those management shows them
         return JSON.createObjectNode().set("changes", history.list());
      });
      routes.put("POST /api/try", (r, m) -> trial.run(r, m));
      routes.put("POST /api/dry-run", dryRun::run);
   }

   void handle(HttpCall call) throws IOException {
      Map<String, String> headers = new LinkedHashMap<>();
      try {
         Route route = route(call);
         ApiRequest request = ApiRequest.head(call);
         try (ManagementGateway.Calls calls = gateway.open(request.user(), request.password())) {
            send(call, 200, headers, route.answer(request.withBody(call), calls));
         }
      } catch (ApiError e) {
         // the page asks for the credentials itself: a browser's own login box would pop up over it
         if (e.status() == 401 && !PAGE.equals(call.header("X-Requested-With"))) {
            headers.put("WWW-Authenticate", "Basic realm=\"RuleFilter\", charset=\"UTF-8\"");
         }
         send(call, e.status(), headers, JSON.createObjectNode().put("error", e.getMessage()));
      } catch (RuntimeException e) {
         LOG.warn("RuleFilter console: {} {} failed", call.method(), call.path(), e);
         send(call, 500, headers, JSON.createObjectNode().put("error", "internal error: " + e));
      }
   }

   private Route route(HttpCall call) throws ApiError {
      String path = call.path();
      Route route = routes.get(call.method() + " " + path);
      if (route != null) {
         return route;
      }
      if (routes.keySet().stream().anyMatch(key -> key.endsWith(" " + path))) {
         throw new ApiError(405, call.method() + " is not allowed on " + path);
      }
      throw new ApiError(404, "no such API path: " + path);
   }

   private JsonNode addressRule(ApiRequest request, ManagementGateway.Calls calls) throws ApiError {
      String address = request.parameter("address");
      Object rule = calls.invoke("getAddressRule", address);
      if (rule == null) {
         throw new ApiError(404, "address '" + address + "' has no address rule");
      }
      return json(rule);
   }

   /** Management answers with JSON text; it is passed on as it is. */
   static JsonNode json(Object answer) throws ApiError {
      try {
         return JSON.readTree(String.valueOf(answer));
      } catch (IOException e) {
         throw new ApiError(502, "management answered with something that is not JSON: " + e.getMessage());
      }
   }

   private static void send(HttpCall call, int status, Map<String, String> headers, JsonNode answer) throws IOException {
      headers.put("Content-Type", "application/json; charset=utf-8");
      headers.put("X-Content-Type-Options", "nosniff");
      headers.put("Cache-Control", "no-store");
      call.respond(status, headers, JSON.writeValueAsBytes(answer));
   }

   /** One API call, answered with JSON. */
   private interface Route {
      JsonNode answer(ApiRequest request, ManagementGateway.Calls calls) throws ApiError;
   }
}
