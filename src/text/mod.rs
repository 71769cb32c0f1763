pub mod perl_words;
