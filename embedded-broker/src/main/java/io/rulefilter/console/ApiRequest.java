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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One API request as the handlers see it: the user's credentials, the query's parameters and, for a POST, its JSON
 * object. Reading it enforces the limits and the rules against cross-site requests, so no handler can forget them.
 */
record ApiRequest(String user, String password, Map<String, String> query, JsonNode body) {

   /** A rule, a Type B body of 64 KiB and its JSON escapes fit with room to spare; more is refused unread. */
   static final int MAX_BODY_BYTES = 256 * 1024;
   private static final ObjectMapper JSON = new ObjectMapper();

   /** The request without its body: enough to authenticate the user before reading anything more. */
   static ApiRequest head(HttpCall call) throws ApiError {
      String[] credentials = credentials(call.header("Authorization"));
      if ("POST".equals(call.method())) {
         requireJson(call);
         requireSameOrigin(call);
      }
      return new ApiRequest(credentials[0], credentials[1], query(call.rawQuery()), null);
   }

   /** This request with its body read, for a POST. */
   ApiRequest withBody(HttpCall call) throws ApiError, IOException {
      return "POST".equals(call.method()) ? new ApiRequest(user, password, query, body(call)) : this;
   }

   /** HTTP Basic only: the broker checks them; there are no cookies, so a browser cannot be tricked into a session. */
   private static String[] credentials(String authorization) throws ApiError {
      if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
         throw new ApiError(401, "authentication required (HTTP Basic, a user of the broker)");
      }
      String decoded;
      try {
         decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
         throw new ApiError(401, "the Authorization header is not valid Base64");
      }
      int colon = decoded.indexOf(':');
      if (colon < 0) {
         throw new ApiError(401, "the Authorization header holds no user:password");
      }
      return new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
   }

   private static Map<String, String> query(String raw) throws ApiError {
      Map<String, String> parameters = new LinkedHashMap<>();
      if (raw == null || raw.isEmpty()) {
         return parameters;
      }
      for (String pair : raw.split("&")) {
         int eq = pair.indexOf('=');
         try {
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            parameters.put(name, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
         } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("the query is not URL-encoded: " + e.getMessage());
         }
      }
      return parameters;
   }

   /**
    * A change must come as {@code application/json}: a page of another site cannot send that without the browser
    * asking first (a CORS preflight), which this server never grants; a form or an image tag cannot send it at all.
    */
   private static void requireJson(HttpCall call) throws ApiError {
      String type = call.header("Content-Type");
      if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
         throw new ApiError(415, "a POST must have Content-Type: application/json");
      }
   }

   /**
    * A browser names the page a change comes from: only this server's own page may send one. (Clients that are not
    * browsers send no Origin; they have no page another site could borrow.)
    */
   private static void requireSameOrigin(HttpCall call) throws ApiError {
      String origin = call.header("Origin");
      String host = call.header("Host");
      if (origin != null && (host == null || !origin.equalsIgnoreCase(call.scheme() + "://" + host))) {
         throw new ApiError(403, "a change must come from the console's own page, not from " + origin);
      }
   }

   private static JsonNode body(HttpCall call) throws ApiError, IOException {
      byte[] bytes;
      try (InputStream in = call.body()) {
         bytes = in.readNBytes(MAX_BODY_BYTES + 1);
      }
      if (bytes.length > MAX_BODY_BYTES) { // read no further: the rest is the client's problem
         throw new ApiError(413, "the request body is larger than " + MAX_BODY_BYTES / 1024 + " KiB");
      }
      try {
         JsonNode body = JSON.readTree(bytes);
         if (body == null || !body.isObject()) {
            throw ApiError.badRequest("the request body must be a JSON object");
         }
         return body;
      } catch (JsonProcessingException e) {
         throw ApiError.badRequest("the request body is not JSON: " + e.getOriginalMessage());
      }
   }

   /** A required query parameter. */
   String parameter(String name) throws ApiError {
      String value = query.get(name);
      if (value == null || value.isEmpty()) {
         throw ApiError.badRequest("the query parameter '" + name + "' is required");
      }
      return value;
   }

   /** A non-negative integer query parameter, at most {@code max}. */
   int number(String name, int fallback, int max) throws ApiError {
      String value = query.get(name);
      if (value == null || value.isEmpty()) {
         return fallback;
      }
      try {
         int number = Integer.parseInt(value);
         if (number >= 0 && number <= max) {
            return number;
         }
      } catch (NumberFormatException e) {
         // answered below
      }
      throw ApiError.badRequest("'" + name + "' must be a whole number from 0 to " + max + ", was '" + value + "'");
   }

   /** A required string member of the body. */
   String text(String name) throws ApiError {
      JsonNode value = body.get(name);
      if (value == null || !value.isTextual() || value.textValue().isEmpty()) {
         throw ApiError.badRequest("'" + name + "' is required, a non-empty string");
      }
      return value.textValue();
   }

   /** A whole-number member of the body from 1 to {@code max}; {@code fallback} when absent. */
   int count(String name, int fallback, int max) throws ApiError {
      JsonNode value = body.get(name);
      if (value == null) {
         return fallback;
      }
      if (!value.canConvertToInt() || !value.isIntegralNumber() || value.intValue() < 1 || value.intValue() > max) {
         throw ApiError.badRequest("'" + name + "' must be a whole number from 1 to " + max + ", was " + value);
      }
      return value.intValue();
   }

   /** A boolean member of the body; {@code fallback} when absent. */
   boolean flag(String name, Boolean fallback) throws ApiError {
      JsonNode value = body.get(name);
      if (value == null && fallback != null) {
         return fallback;
      }
      if (value == null || !value.isBoolean()) {
         throw ApiError.badRequest("'" + name + "' is required, true or false");
      }
      return value.booleanValue();
   }
}
