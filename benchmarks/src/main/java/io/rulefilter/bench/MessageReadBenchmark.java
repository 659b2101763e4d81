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
package io.rulefilter.bench;

import io.rulefilter.artemis.routing.ArtemisMessageView;
import io.rulefilter.message.MessageModel;
import org.apache.activemq.artemis.api.core.Message;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Scope;

import java.util.concurrent.TimeUnit;

/**
 * The address index's one read of a message's properties (under one acquisition of their lock), which every
 * subscription of the address then shares; on {@link FilterBenchmark}'s messages.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MessageReadBenchmark {

   private Message[] messages;
   private ArtemisMessageView view;
   private int next;

   @Setup
   public void setup() {
      messages = FilterBenchmark.sampleMessages();
      view = new ArtemisMessageView(MessageModel.DEFAULT.tagProperty());
   }

   @Benchmark
   public ArtemisMessageView readOnce() {
      ArtemisMessageView read = view.readOnce(messages[next++ & 3]);
      read.release();
      return read;
   }
}
