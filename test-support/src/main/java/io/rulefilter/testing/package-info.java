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
 * Testing rules the way subscribers use them. <b>Supported API</b>: {@link io.rulefilter.testing.RuleFilterExtension}
 * (a JUnit 5 extension: an in-VM Artemis with RuleFilter, built on Artemis's own {@code EmbeddedActiveMQExtension}),
 * {@link io.rulefilter.testing.AirportMessage}, {@link io.rulefilter.testing.Subscriber} and
 * {@link io.rulefilter.testing.RuleAssert}. Failures say which message went where against the expectation, with
 * the rule's verdict on each condition (what {@code rulefilter explain} prints).
 */
package io.rulefilter.testing;
