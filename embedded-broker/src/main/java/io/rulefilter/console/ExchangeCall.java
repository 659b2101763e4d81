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

import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;

/** A request to the JDK's HTTP server of {@code rulefilter broker}, as the console sees it. */
final class ExchangeCall implements HttpCall {

   private final HttpExchange exchange;

   ExchangeCall(HttpExchange exchange) {
      this.exchange = exchange;
   }

   /** {@link ConsoleServer} serves plain HTTP. */
   @Override
   public String scheme() {
      return "http";
   }

   @Override
   public String method() {
      return exchange.getRequestMethod();
   }

   @Override
   public String path() {
      return exchange.getRequestURI().getPath();
   }

   @Override
   public String rawQuery() {
      return exchange.getRequestURI().getRawQuery();
   }

   @Override
   public String header(String name) {
      return exchange.getRequestHeaders().getFirst(name);
   }

   @Override
   public InputStream body() {
      return exchange.getRequestBody();
   }

   @Override
   public void respond(int status, Map<String, String> headers, byte[] body) throws IOException {
      headers.forEach(exchange.getResponseHeaders()::set);
      exchange.sendResponseHeaders(status, body == null ? -1 : body.length);
      if (body != null) {
         try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
         }
      }
   }
}
