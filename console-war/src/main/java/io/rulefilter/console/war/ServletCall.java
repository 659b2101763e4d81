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
package io.rulefilter.console.war;

import io.rulefilter.console.HttpCall;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;

/** A request to the console's web application in Artemis's web server, as the console sees it. */
final class ServletCall implements HttpCall {

   private final HttpServletRequest request;
   private final HttpServletResponse response;

   ServletCall(HttpServletRequest request, HttpServletResponse response) {
      this.request = request;
      this.response = response;
   }

   @Override
   public String scheme() {
      return request.getScheme();
   }

   @Override
   public String method() {
      return request.getMethod();
   }

   /** The path after the web application's own (its {@code url} in bootstrap.xml): the servlet answers "/*". */
   @Override
   public String path() {
      String path = request.getPathInfo();
      return path == null || path.isEmpty() ? "/" : path;
   }

   @Override
   public String rawQuery() {
      return request.getQueryString();
   }

   @Override
   public String header(String name) {
      return request.getHeader(name);
   }

   @Override
   public InputStream body() throws IOException {
      return request.getInputStream();
   }

   @Override
   public void respond(int status, Map<String, String> headers, byte[] body) throws IOException {
      response.setStatus(status);
      headers.forEach(response::setHeader);
      if (body != null) {
         response.setContentLength(body.length);
         try (OutputStream out = response.getOutputStream()) {
            out.write(body);
         }
      }
   }
}
