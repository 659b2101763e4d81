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
 * The routing path: the filter each subscription queue gets, and the per-address index that routes an address's
 * subscriptions in one pass where it can do so exactly. Runs once per message; no locks, no allocation. Internal,
 * <b>not a supported API</b>.
 */
package io.rulefilter.artemis.routing;
