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
 * IATA Type B content (RP 1745 baggage messages: BSM, BPM, BTM, …) as version 2 rules see it: {@code @typeb},
 * {@code @typeb.F}, {@code @typeb.F.1}. <b>Supported API</b>: {@link io.rulefilter.typeb.TypeBParser} reads a body once
 * into a {@link io.rulefilter.typeb.TypeBMessage}, which a {@code MessageView} hands to every rule that asks.
 */
package io.rulefilter.typeb;
