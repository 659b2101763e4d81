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
/**
 * <b>Not a supported API</b>: how RuleFilter's own tests and benchmarks build an Artemis broker with RuleFilter
 * ({@link io.rulefilter.testing.internal.TestBrokerConfig}, {@link io.rulefilter.testing.internal.EmbeddedTestBroker},
 * {@link io.rulefilter.testing.internal.FreePorts}), in one place so that a change to how a test broker is made is
 * made once. {@link io.rulefilter.testing.RuleFilterExtension} builds on it; the end-to-end tests and the
 * benchmarks use it directly. It changes whenever those need it to, without notice.
 */
package io.rulefilter.testing.internal;
