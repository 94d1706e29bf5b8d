//! Matrimony (`matrimony_details`, `matrimony_contacts`, interests): browsing between approved
//! profiles, and contact details only for the owner, admins and an accepted interest's party, through the REST engine as the app's
//! browser calls it: a slice of the access matrix (policies/README.md), which
//! policies/tests/access_matrix.sql checks cell by cell.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::send;

/// A matrimony profile and its contact details (one statement: a profile needs them by commit).
async fn add_matrimony_profile(app: &TestApp, user: &str, status: &str, mobile: &str) -> String {
    app.sql(&format!(
        "with p as (
           insert into public.matrimony_details (user_id, first_name, surname, gender, date_of_birth, approval_status)
           values ('{user}', 'P', 'Q', 'female', '1996-01-01', '{status}') returning id
         )
         insert into public.matrimony_contacts (profile_id, mobile_no, email, address)
         select id, '{mobile}', 'p-{mobile}@example.org', 'House {mobile}, Dadar' from p"
    ))
    .await;
    app.text(&format!("select id::text from public.matrimony_details where user_id = '{user}'")).await
}

#[tokio::test]
async fn matrimony_contact_details_reach_only_the_owner_admins_and_the_party_of_an_accepted_interest() {
    let app = TestApp::product().await;
    let (olga, arun, bina) =
        (app.approved("matrimony").await, app.approved("matrimony").await, app.approved("matrimony").await);
    let olga_profile = add_matrimony_profile(&app, &olga, "approved", "9820010001").await;
    add_matrimony_profile(&app, &arun, "approved", "9820010002").await;
    add_matrimony_profile(&app, &bina, "approved", "9820010003").await;

    // Another approved registrant browses every approved profile, `*` and all, and gets no
    // contact detail of anyone else: not in the rows, not through an embed.
    let browsed = send(app.user(&bina, Method::GET, "/matrimony_details?select=*")).await;
    assert_eq!(browsed.status, StatusCode::OK, "{}", browsed.text);
    assert_eq!(browsed.json().as_array().unwrap().len(), 3, "{}", browsed.text);
    for leaked in ["9820010001", "9820010002", "mobile_no", "House", "@example.org"] {
        assert!(!browsed.text.contains(leaked), "select=* shows {leaked}: {}", browsed.text);
    }
    let embedded = send(app.user(&bina, Method::GET, "/matrimony_details?select=user_id,matrimony_contacts(*)")).await;
    assert_eq!(embedded.status, StatusCode::OK, "{}", embedded.text);
    assert!(embedded.text.contains("9820010003"), "her own details embed: {}", embedded.text);
    assert!(!embedded.text.contains("9820010001") && !embedded.text.contains("9820010002"), "{}", embedded.text);
    let own = send(app.user(&bina, Method::GET, "/matrimony_contacts?select=mobile_no")).await.json();
    assert_eq!(own, json!([{"mobile_no": "9820010003"}]), "only her own");

    // A pending interest shows nothing; once accepted, the two parties see each other's.
    let olgas = format!("/matrimony_contacts?profile_id=eq.{olga_profile}&select=mobile_no,address");
    let interest = send(
        app.user(&arun, Method::POST, "/matrimony_interests?select=id")
            .header("prefer", "return=representation")
            .json(&json!({"sender_id": arun, "receiver_id": olga})),
    )
    .await;
    assert_eq!(interest.status, StatusCode::CREATED, "{}", interest.text);
    let id = interest.json()[0]["id"].as_str().unwrap().to_string();
    assert_eq!(send(app.user(&arun, Method::GET, &olgas)).await.json(), json!([]), "pending: nothing yet");
    let accepted = send(
        app.user(&olga, Method::PATCH, &format!("/matrimony_interests?id=eq.{id}"))
            .json(&json!({"status": "accepted"})),
    )
    .await;
    assert_eq!(accepted.status, StatusCode::NO_CONTENT, "{}", accepted.text);
    assert_eq!(
        send(app.user(&arun, Method::GET, &olgas)).await.json(),
        json!([{"mobile_no": "9820010001", "address": "House 9820010001, Dadar"}]),
        "accepted: Arun reads Olga's details"
    );
    let back = send(app.user(&olga, Method::GET, "/matrimony_contacts?select=mobile_no&order=mobile_no")).await.json();
    assert_eq!(back, json!([{"mobile_no": "9820010001"}, {"mobile_no": "9820010002"}]), "and Olga reads Arun's");
    assert_eq!(send(app.user(&bina, Method::GET, &olgas)).await.json(), json!([]), "Bina still reads none");

    // Reading is not writing: Arun's upsert over Olga's details is refused and changes nothing.
    let upsert = send(
        app.user(&arun, Method::POST, "/matrimony_contacts")
            .header("prefer", "resolution=merge-duplicates")
            .json(&json!({"profile_id": olga_profile, "mobile_no": "9820099999"})),
    )
    .await;
    upsert.assert_error(403, "42501");
    assert_eq!(
        app.text(&format!("select mobile_no from public.matrimony_contacts where profile_id = '{olga_profile}'")).await,
        "9820010001"
    );

    // Visitors read none; admins read all.
    assert_eq!(send(app.anon(Method::GET, "/matrimony_contacts?select=mobile_no")).await.json(), json!([]));
    let admin = app.approved("admin").await;
    let all = send(app.user(&admin, Method::GET, "/matrimony_contacts?select=mobile_no")).await.json();
    assert_eq!(all.as_array().unwrap().len(), 3, "{all}");
}

#[tokio::test]
async fn matrimony_browsing_is_between_approved_profiles_and_interests_between_their_parties() {
    let app = TestApp::product().await;
    let (asha, ravi, newcomer) =
        (app.approved("matrimony").await, app.approved("matrimony").await, app.approved("matrimony").await);
    for (user, status) in [(&asha, "approved"), (&ravi, "approved"), (&newcomer, "pending")] {
        add_matrimony_profile(&app, user, status, "9820012345").await;
    }
    let seen = send(app.user(&asha, Method::GET, "/matrimony_details?select=user_id")).await.json();
    assert_eq!(seen.as_array().unwrap().len(), 2, "herself and the other approved profile: {seen}");
    let pending_sees = send(app.user(&newcomer, Method::GET, "/matrimony_details?select=user_id")).await.json();
    assert_eq!(pending_sees, json!([{"user_id": newcomer}]), "a pending profile sees only itself");

    let interest = send(
        app.user(&asha, Method::POST, "/matrimony_interests?select=id")
            .header("prefer", "return=representation")
            .json(&json!({"sender_id": asha, "receiver_id": ravi})),
    )
    .await;
    assert_eq!(interest.status, StatusCode::CREATED, "{}", interest.text);
    let id = interest.json()[0]["id"].as_str().unwrap().to_string();
    assert_eq!(send(app.user(&newcomer, Method::GET, "/matrimony_interests")).await.json(), json!([]));
    // The sender cannot accept her own interest; the receiver can, and the time is recorded.
    let self_accept = send(
        app.user(&asha, Method::PATCH, &format!("/matrimony_interests?id=eq.{id}&select=status"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "accepted"})),
    )
    .await;
    assert_eq!(self_accept.json(), json!([]), "{}", self_accept.text);
    let accepted = send(
        app.user(&ravi, Method::PATCH, &format!("/matrimony_interests?id=eq.{id}&select=status,responded_at"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "accepted"})),
    )
    .await;
    let row = &accepted.json()[0];
    assert_eq!(row["status"], "accepted");
    assert!(row["responded_at"].is_string(), "{row}");

    // A profile view counts on the viewed profile and marks the viewer active.
    let ravi_profile =
        app.text(&format!("select id::text from public.matrimony_details where user_id = '{ravi}'")).await;
    let viewed = send(
        app.user(&asha, Method::POST, "/matrimony_profile_views")
            .json(&json!({"viewer_id": asha, "viewed_profile_id": ravi_profile})),
    )
    .await;
    assert_eq!(viewed.status, StatusCode::CREATED, "{}", viewed.text);
    assert_eq!(
        app.count(&format!(
            "select profile_views_count::bigint from public.matrimony_details where user_id = '{ravi}'"
        ))
        .await,
        1
    );
    assert_eq!(
        app.count(&format!(
            "select count(*) from public.matrimony_details where user_id = '{asha}' and last_active is not null"
        ))
        .await,
        1
    );
}
