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

import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A change a browser sends must come from the console's own page, whichever scheme the web server speaks: a stock
 * instance's web server may be bound with TLS, and its page's changes then come from an https origin.
 */
class ApiRequestOriginTest {

   @Test
   void aChangeFromThePagesOwnOriginIsTakenOverHttpAndHttps() throws Exception {
      for (String scheme : new String[] {"http", "https"}) {
         ApiRequest request = ApiRequest.head(post(scheme, "broker.example:8443", scheme + "://broker.example:8443"));
         assertThat(request.user()).isEqualTo("bob");
      }
   }

   @Test
   void aChangeFromAnotherOriginOrSchemeIsRefused() {
      assertThatThrownBy(() -> ApiRequest.head(post("https", "broker.example:8443", "http://broker.example:8443")))
            .isInstanceOf(ApiError.class).hasMessageContaining("not from http://broker.example:8443");
      assertThatThrownBy(() -> ApiRequest.head(post("http", "broker.example:8161", "http://evil.example")))
            .isInstanceOf(ApiError.class).satisfies(e -> assertThat(((ApiError) e).status()).isEqualTo(403));
   }

   /** A POST as a browser sends it: JSON, bob's credentials, the page's origin. */
   private static HttpCall post(String scheme, String host, String origin) {
      Map<String, String> headers = Map.of("Authorization", "Basic Ym9iOmJvYi1zZWNyZXQ=", "Content-Type",
            "application/json", "Host", host, "Origin", origin);
      return new HttpCall() {
         @Override
         public String scheme() {
            return scheme;
         }

         @Override
         public String method() {
            return "POST";
         }

         @Override
         public String path() {
            return "/api/subscription/rule";
         }

         @Override
         public String rawQuery() {
            return null;
         }

         @Override
         public String header(String name) {
            return headers.get(name);
         }

         @Override
         public InputStream body() {
            return InputStream.nullInputStream();
         }

         @Override
         public void respond(int status, Map<String, String> answer, byte[] body) {
            throw new AssertionError("ApiRequest never answers");
         }
      };
   }
}
