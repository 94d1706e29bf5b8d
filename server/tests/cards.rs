//! The app's tokens (`/cards/v1`): the engine signs only what the app's hook
//! `auth.card_claims()` returns for the caller, publishes the keys, and old keys keep
//! verifying after a rotation. A card's QR code, rendered to a PNG, reads back as the token.

#![allow(clippy::unwrap_used, reason = "integration tests: a failed unwrap is a failed test")]

use crate::support;

use std::time::{SystemTime, UNIX_EPOCH};

use reqwest::StatusCode;
use serde_json::{Map, Value, json};
use server::cards::token::{self, Refused};
use support::TestApp;

/// A hook like an app's: the claims kept for the caller in a table only it reads.
const HOOK: &str = "
create table public.test_cards (user_id uuid primary key, claims jsonb not null);
create or replace function auth.card_claims() returns jsonb language sql stable security definer
set search_path = '' as $$ select claims from public.test_cards where user_id = auth.uid() $$;
";

fn now() -> i64 {
    i64::try_from(SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()).unwrap()
}

async fn app_with_hook() -> TestApp {
    let app = TestApp::spawn().await;
    app.sql(HOOK).await;
    app
}

async fn give_card(app: &TestApp, user: &str, claims: &Value) {
    app.sql(&format!(
        "insert into public.test_cards values ('{user}', '{claims}') on conflict (user_id) do update set claims = excluded.claims"
    ))
    .await;
}

async fn request_token(app: &TestApp, user: Option<&str>, body: &str) -> reqwest::Response {
    let mut request =
        app.client.post(app.url("/cards/v1/token")).header("apikey", &app.keys.anon).body(body.to_owned());
    if let Some(user) = user {
        request = request.bearer_auth(app.user_token(user));
    }
    request.send().await.unwrap()
}

async fn token_of(app: &TestApp, user: &str) -> String {
    let response = request_token(app, Some(user), "").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["token"].as_str().unwrap().to_owned()
}

/// Verifies `token` against the keys the server publishes, at `at`.
async fn verify_published(app: &TestApp, token_text: &str, at: i64) -> Result<Map<String, Value>, Refused> {
    let response = app.get("/cards/v1/keys").await;
    assert_eq!(response.status(), StatusCode::OK);
    let jwks: Value = response.json().await.unwrap();
    let keys: Vec<(String, p256::ecdsa::VerifyingKey)> = jwks["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|jwk| (jwk["kid"].as_str().unwrap().to_owned(), token::verifying_key(jwk).unwrap()))
        .collect();
    token::verify(token_text, |kid| keys.iter().find(|(k, _)| k == kid).map(|(_, key)| key), at)
}

#[tokio::test]
async fn a_token_round_trips_through_the_published_keys() {
    let app = app_with_hook().await;
    let user = uuid::Uuid::new_v4().to_string();
    let exp = now() + 3600;
    give_card(&app, &user, &json!({"m": "HWT-00042", "t": "life", "v": 3, "exp": exp})).await;
    // Whatever the client sends is not signed: the body is never read.
    let response = request_token(&app, Some(&user), r#"{"m": "HWT-99999", "exp": 9999999999}"#).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: Value = response.json().await.unwrap();
    let text = body["token"].as_str().unwrap();
    let claims = verify_published(&app, text, now()).await.unwrap();
    assert_eq!(
        (claims["m"].as_str(), claims["t"].as_str(), claims["v"].as_i64()),
        (Some("HWT-00042"), Some("life"), Some(3))
    );
    assert_eq!(claims["exp"], exp);
    assert!((claims["iat"].as_i64().unwrap() - now()).abs() < 60);
    assert_eq!(Value::Object(claims.clone()), body["claims"]);
    assert!(text.len() < 200, "short enough for a small QR code: {} characters", text.len());
    let keys = app.get("/cards/v1/keys").await;
    assert!(keys.headers()["cache-control"].to_str().unwrap().starts_with("public"), "verifiers may cache the keys");
    let jwks: Value = keys.json().await.unwrap();
    let jwk = &jwks["keys"][0];
    assert_eq!(
        (jwk["kty"].as_str(), jwk["crv"].as_str(), jwk["alg"].as_str()),
        (Some("EC"), Some("P-256"), Some("ES256"))
    );
    assert!(jwk.get("d").is_none(), "never the private half");
    assert!(jwk["exp"].as_i64().unwrap() > now() + 365 * 86_400, "a key verifies past the year it signs");
}

#[tokio::test]
async fn no_claims_no_token_and_exp_is_capped() {
    let app = app_with_hook().await;
    let user = uuid::Uuid::new_v4().to_string();
    assert_eq!(request_token(&app, Some(&user), "").await.status(), StatusCode::NOT_FOUND, "no card");
    assert_eq!(request_token(&app, None, "").await.status(), StatusCode::NOT_FOUND, "a visitor has none");
    give_card(&app, &user, &json!({"m": "HWT-00001", "exp": now() - 10})).await;
    assert_eq!(
        request_token(&app, Some(&user), "").await.status(),
        StatusCode::NOT_FOUND,
        "an expired card is not signed"
    );
    give_card(&app, &user, &json!({"m": "HWT-00001", "exp": now() + 10 * 365 * 86_400})).await;
    let claims = verify_published(&app, &token_of(&app, &user).await, now()).await.unwrap();
    assert!(claims["exp"].as_i64().unwrap() <= now() + 400 * 86_400, "no token outlives its key's published life");
    give_card(&app, &user, &json!({"m": "HWT-00001"})).await;
    assert_eq!(
        request_token(&app, Some(&user), "").await.status(),
        StatusCode::INTERNAL_SERVER_ERROR,
        "a hook without exp"
    );
}

#[tokio::test]
async fn tampered_and_expired_tokens_are_refused() {
    let app = app_with_hook().await;
    let user = uuid::Uuid::new_v4().to_string();
    let exp = now() + 60;
    give_card(&app, &user, &json!({"m": "HWT-00042", "v": 1, "exp": exp})).await;
    let text = token_of(&app, &user).await;
    let (body, signature) = text.split_once('.').unwrap();
    use base64::Engine;
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let mut claims: Value = serde_json::from_slice(&b64.decode(body).unwrap()).unwrap();
    claims["m"] = json!("HWT-00043");
    let forged = format!("{}.{signature}", b64.encode(claims.to_string()));
    assert_eq!(verify_published(&app, &forged, now()).await, Err(Refused::Signature));
    let mut flipped = text.clone().into_bytes();
    let last = flipped.len() - 2;
    flipped[last] = if flipped[last] == b'A' { b'B' } else { b'A' };
    assert_eq!(verify_published(&app, &String::from_utf8(flipped).unwrap(), now()).await, Err(Refused::Signature));
    assert_eq!(verify_published(&app, &text, exp).await, Err(Refused::Expired), "refused from its exp on");
    assert!(verify_published(&app, &text, exp - 1).await.is_ok());
}

#[tokio::test]
async fn after_a_rotation_old_tokens_still_verify_and_new_ones_name_the_new_key() {
    let app = app_with_hook().await;
    let user = uuid::Uuid::new_v4().to_string();
    give_card(&app, &user, &json!({"m": "HWT-00042", "v": 1, "exp": now() + 3600})).await;
    let old = token_of(&app, &user).await;
    let old_kid = verify_published(&app, &old, now()).await.unwrap()["k"].as_str().unwrap().to_owned();
    let cards = &app.state.auth.cards;
    let new_kid = server::cards::store::rotate(&app.state.connections, cards.sealer(), true).await.unwrap();
    cards.load(&app.state.connections).await.unwrap();
    let new = token_of(&app, &user).await;
    let claims = verify_published(&app, &new, now()).await.unwrap();
    assert_eq!(claims["k"], new_kid.as_str(), "the new key signs");
    assert_ne!(new_kid, old_kid);
    assert_eq!(verify_published(&app, &old, now()).await.unwrap()["k"], old_kid.as_str(), "the old key still verifies");
    // A later, unhurried rotation publishes its key before it signs.
    let next = server::cards::store::rotate(&app.state.connections, cards.sealer(), false).await.unwrap();
    cards.load(&app.state.connections).await.unwrap();
    let jwks: Value = app.get("/cards/v1/keys").await.json().await.unwrap();
    let kids: Vec<&str> = jwks["keys"].as_array().unwrap().iter().map(|k| k["kid"].as_str().unwrap()).collect();
    assert!(kids.contains(&next.as_str()) && kids.contains(&old_kid.as_str()), "{kids:?}");
    let still = verify_published(&app, &token_of(&app, &user).await, now()).await.unwrap();
    assert_eq!(still["k"], new_kid.as_str(), "the next key waits before it signs");
}

#[tokio::test]
async fn a_card_qr_code_rendered_to_png_reads_back_as_the_token() {
    let app = app_with_hook().await;
    let user = uuid::Uuid::new_v4().to_string();
    let name = "ಮೀರಾ ಕಾಮತ್ Meera Kamath";
    give_card(&app, &user, &json!({"m": "LM-1024", "t": "life", "v": 1, "n": name, "exp": now() + 3600})).await;
    let text = token_of(&app, &user).await;
    // The QR code as the card draws it (error correction M), 4 pixels a module, quiet zone.
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M).unwrap();
    let width = code.width();
    let scale = 4;
    let side = u32::try_from((width + 8) * scale).unwrap();
    let colors = code.to_colors();
    let image = image::GrayImage::from_fn(side, side, |x, y| {
        let (mx, my) = ((x as usize / scale).wrapping_sub(4), (y as usize / scale).wrapping_sub(4));
        let dark = mx < width && my < width && colors[my * width + mx] == qrcode::Color::Dark;
        image::Luma([if dark { 0 } else { 255 }])
    });
    let mut png = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    // Read back from the PNG's bytes alone.
    let decoded = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap().to_luma8();
    let (w, h) = (decoded.width() as usize, decoded.height() as usize);
    let mut prepared = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| {
        decoded.get_pixel(u32::try_from(x).unwrap(), u32::try_from(y).unwrap()).0[0]
    });
    let grids = prepared.detect_grids();
    assert_eq!(grids.len(), 1);
    let (_, content) = grids[0].decode().unwrap();
    assert_eq!(content, text);
    let claims = verify_published(&app, &content, now()).await.unwrap();
    assert_eq!(claims["n"], name);
}
