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

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The operators' page: a few static files from the jar, the same for every user. They hold no data and need no
 * login; everything the page shows it asks of the API, with the credentials the operator types into it. The headers
 * keep the page to its own files (no inline script, nothing from elsewhere, no framing by another site).
 */
final class ConsolePage {

   private static final String FOLDER = "/io/rulefilter/console/page/";
   /** The files served, each at "/" + its name ("/" is index.html): nothing else of the class path can be asked for. */
   private static final Set<String> FILES = Set.of("index.html", "console.css", "console.js", "api.js",
         "subscriptions.js", "addresses.js", "editor.js", "trial.js", "changes.js");
   private static final String TEXT = "text/plain; charset=utf-8";
   private static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
         + "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

   void handle(HttpCall call) throws IOException {
      String method = call.method();
      String path = call.path();
      String file = "/".equals(path) ? "index.html" : path.substring(1);
      if (!FILES.contains(file)) {
         send(call, 404, TEXT, bytes("no such page: " + path));
      } else if (!"GET".equals(method) && !"HEAD".equals(method)) {
         send(call, 405, TEXT, bytes(method + " is not allowed on the page's files"));
      } else {
         send(call, 200, type(file), read(file));
      }
   }

   private static byte[] read(String file) throws IOException {
      try (InputStream in = ConsolePage.class.getResourceAsStream(FOLDER + file)) {
         if (in == null) {
            throw new IOException("the page's file " + file + " is missing from the jar");
         }
         return in.readAllBytes();
      }
   }

   private static String type(String file) {
      if (file.endsWith(".html")) {
         return "text/html; charset=utf-8";
      }
      return file.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
   }

   private static void send(HttpCall call, int status, String type, byte[] body) throws IOException {
      Map<String, String> headers = new LinkedHashMap<>();
      headers.put("Content-Type", type);
      headers.put("Content-Security-Policy", POLICY);
      headers.put("X-Content-Type-Options", "nosniff");
      headers.put("X-Frame-Options", "DENY");
      headers.put("Referrer-Policy", "no-referrer");
      headers.put("Cache-Control", "no-cache");
      call.respond(status, headers, "HEAD".equals(call.method()) ? null : body);
   }

   private static byte[] bytes(String text) {
      return text.getBytes(StandardCharsets.UTF_8);
   }
}
