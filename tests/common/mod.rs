//! What the integration tests share (`mod common;` in each test that needs it).

pub mod rng;
