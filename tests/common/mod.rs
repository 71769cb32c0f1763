//! What the integration tests share (`mod common;` in each test that needs it).

// Each test crate uses only some of what is here.
#![allow(dead_code)]

pub mod oracle;
pub mod python;
pub mod rng;
pub mod xlsum;
pub mod xlsum_score;
