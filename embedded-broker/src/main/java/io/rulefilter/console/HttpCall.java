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
import java.util.Map;

/**
 * One HTTP request to the console and its answer, whichever web server received it: the JDK's own server of
 * {@code rulefilter broker} ({@link ConsoleServer}) or the servlet container of a stock Artemis (the console's web
 * application). The console's handlers see nothing else of either.
 */
public interface HttpCall {

   /** The scheme the browser used: http, or https where the web server has TLS. */
   String scheme();

   /** GET, POST, … */
   String method();

   /** The decoded path inside the console, from its "/" (the page is "/", the API under "/api/"). */
   String path();

   /** The query as sent, not decoded; null when there is none. */
   String rawQuery();

   /** The first value of a request header, or null. */
   String header(String name);

   /** The request's body. */
   InputStream body() throws IOException;

   /**
    * Sends the answer: {@code status}, {@code headers} and {@code body} (null: the headers alone, for HEAD). Called once.
    */
   void respond(int status, Map<String, String> headers, byte[] body) throws IOException;
}
