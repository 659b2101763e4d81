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
package io.rulefilter.broker;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.apache.activemq.artemis.core.server.metrics.ActiveMQMetricsPlugin;

import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code GET /metrics} on 127.0.0.1: every meter of the broker's metrics registry (Artemis's broker, address, queue
 * and JVM metrics and RuleFilter's subscription counters) in the Prometheus text format, computed at each scrape.
 */
final class MetricsEndpoint implements AutoCloseable {

   static final String PATH = "/metrics";
   /** The Prometheus text format, version 0.0.4: what {@link PrometheusMeterRegistry#scrape()} writes. */
   static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

   private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
   private final HttpServer server;
   private final AtomicBoolean closed = new AtomicBoolean();

   private MetricsEndpoint(HttpServer server) {
      this.server = server;
   }

   /**
    * Listens on 127.0.0.1:{@code port} at once, so that a taken port is known before the broker starts.
    *
    * @throws IllegalStateException when the port is taken
    */
   static MetricsEndpoint open(int port) throws IOException {
      HttpServer server;
      try {
         server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
      } catch (BindException e) {
         throw new IllegalStateException("--metrics-port " + port + ": could not listen on 127.0.0.1:" + port
               + " (is the port in use by another process?)", e);
      }
      MetricsEndpoint endpoint = new MetricsEndpoint(server);
      server.createContext("/", endpoint::handle);
      server.start();
      return endpoint;
   }

   /** The plugin to set on the broker's configuration, so that Artemis registers its meters in this registry. */
   ActiveMQMetricsPlugin plugin() {
      return new PrometheusMetricsPlugin(registry);
   }

   String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort() + PATH;
   }

   private void handle(HttpExchange exchange) throws IOException {
      try (exchange) {
         if (!PATH.equals(exchange.getRequestURI().getPath())) {
            exchange.sendResponseHeaders(404, -1);
         } else if (!"GET".equals(exchange.getRequestMethod())) {
            exchange.getResponseHeaders().set("Allow", "GET");
            exchange.sendResponseHeaders(405, -1);
         } else {
            byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
               out.write(body);
            }
         }
      }
   }

   /**
    * Stops serving and lets the registry go; Artemis added it to Micrometer's global registry, where it would
    * otherwise outlive the broker.
    */
   @Override
   public void close() {
      if (closed.getAndSet(true)) {
         return;
      }
      server.stop(0);
      Metrics.globalRegistry.remove(registry);
      registry.close();
   }
}
