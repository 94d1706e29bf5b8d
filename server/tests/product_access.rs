//! A slice of the access matrix (policies/README.md) through the REST engine, as the app's
//! browser calls it. The whole matrix is checked cell by cell by policies/tests/20_matrix.sql.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

mod support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::TestApp;
use support::rest::send;

fn titles(rows: &Value) -> Vec<String> {
    let mut titles: Vec<String> =
        rows.as_array().unwrap().iter().map(|r| r["title"].as_str().unwrap().to_string()).collect();
    titles.sort();
    titles
}

#[tokio::test]
async fn visitors_read_public_content_only() {
    let app = TestApp::product().await;
    app.sql(
        "insert into public.events (title, description, event_date, event_type, status) values
           ('Ugadi', 'New year', current_date + 5, 'cultural', 'upcoming'),
           ('Called off', 'No', current_date + 5, 'social', 'cancelled');
         insert into public.media_albums (title, is_published) values ('Deepavali', true), ('Draft', false);
         insert into public.havyaka_sandesha_issues (title, issue_year, issue_month, pdf_url, is_published) values
           ('March', 2026, 3, '/storage/v1/object/havyaka-sandesh/2026/03.pdf', true),
           ('April', 2026, 4, '/storage/v1/object/havyaka-sandesh/2026/04.pdf', false);",
    )
    .await;
    let events = send(app.anon(Method::GET, "/events?select=title")).await;
    assert_eq!(titles(&events.json()), ["Ugadi"]);
    let albums = send(app.anon(Method::GET, "/media_albums?select=title")).await;
    assert_eq!(titles(&albums.json()), ["Deepavali"]);
    let issues = send(app.anon(Method::GET, "/havyaka_sandesha_issues?select=title")).await;
    assert_eq!(titles(&issues.json()), ["March"]);
    for private in ["users", "members", "student_details", "matrimony_details", "payments", "member_directory"] {
        let answer = send(app.anon(Method::GET, &format!("/{private}?select=id"))).await;
        assert_eq!(answer.status, StatusCode::OK, "{private}: {}", answer.text);
        assert_eq!(answer.json(), json!([]), "{private} is not for visitors");
    }
    let event_manager = app.approved("event_manager").await;
    let staff = send(app.user(&event_manager, Method::GET, "/events?select=title")).await;
    assert_eq!(titles(&staff.json()), ["Called off", "Ugadi"]);
}

#[tokio::test]
async fn visitors_send_contact_messages_and_analytics_but_cannot_read_them() {
    let app = TestApp::product().await;
    let sent = send(app.anon(Method::POST, "/contact_messages").json(&json!({
        "first_name": "Ganesh", "email": "ganesh@example.org", "subject": "Hall booking", "message": "Is the hall free in May?"
    })))
    .await;
    assert_eq!(sent.status, StatusCode::CREATED, "{}", sent.text);
    let short = send(app.anon(Method::POST, "/contact_messages").json(&json!({
        "first_name": "G", "email": "ganesh@example.org", "subject": "Hall", "message": "Free?"
    })))
    .await;
    short.assert_error(400, "23514");
    let analytics = send(
        app.anon(Method::POST, "/pwa_analytics")
            .json(&json!({"event_type": "install", "data": {"platform": "android"}})),
    )
    .await;
    assert_eq!(analytics.status, StatusCode::CREATED, "{}", analytics.text);
    assert_eq!(send(app.anon(Method::GET, "/contact_messages")).await.json(), json!([]));
    let admin = app.approved("admin").await;
    assert_eq!(
        send(app.user(&admin, Method::GET, "/contact_messages?select=subject")).await.json(),
        json!([{"subject": "Hall booking"}])
    );
}

#[tokio::test]
async fn users_edit_their_names_but_never_their_own_type_status_or_approval() {
    let app = TestApp::product().await;
    let user = app.product_user("member", "pending").await;
    let renamed = send(
        app.user(&user, Method::PATCH, &format!("/users?id=eq.{user}")).json(&json!({"full_name": "Shreya Bhat"})),
    )
    .await;
    assert_eq!(renamed.status, StatusCode::NO_CONTENT, "{}", renamed.text);
    for change in [
        json!({"type": "admin"}),
        json!({"status": "approved"}),
        json!({"approval_status": "approved"}),
        json!({"role": "super_admin"}),
    ] {
        let answer = send(app.user(&user, Method::PATCH, &format!("/users?id=eq.{user}")).json(&change)).await;
        answer.assert_error(403, "42501");
    }
    assert_eq!(
        app.text(&format!("select type || '/' || status from public.users where id = '{user}'")).await,
        "member/pending"
    );

    // An admin approves people, but only a super admin grants staff types.
    let admin = app.approved("admin").await;
    let approved =
        send(app.user(&admin, Method::PATCH, &format!("/users?id=eq.{user}")).json(&json!({"status": "approved"})))
            .await;
    assert_eq!(approved.status, StatusCode::NO_CONTENT, "{}", approved.text);
    send(app.user(&admin, Method::PATCH, &format!("/users?id=eq.{user}")).json(&json!({"type": "event_manager"})))
        .await
        .assert_error(403, "42501");
    let super_admin = app.approved("super_admin").await;
    let promoted = send(
        app.user(&super_admin, Method::PATCH, &format!("/users?id=eq.{user}")).json(&json!({"type": "event_manager"})),
    )
    .await;
    assert_eq!(promoted.status, StatusCode::NO_CONTENT, "{}", promoted.text);
    assert_eq!(app.text(&format!("select role from public.users where id = '{user}'")).await, "event_manager");
}

#[tokio::test]
async fn matrimony_browsing_is_between_approved_profiles_and_interests_between_their_parties() {
    let app = TestApp::product().await;
    let (asha, ravi, newcomer) =
        (app.approved("matrimony").await, app.approved("matrimony").await, app.approved("matrimony").await);
    for (user, status) in [(&asha, "approved"), (&ravi, "approved"), (&newcomer, "pending")] {
        app.sql(&format!(
            "insert into public.matrimony_details (user_id, first_name, surname, gender, date_of_birth, mobile_no, approval_status)
             values ('{user}', 'P', 'Q', 'female', '1996-01-01', '9820012345', '{status}')"
        ))
        .await;
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

#[tokio::test]
async fn directory_contact_details_reach_member_viewers_only_for_approved_entries_that_allow_it() {
    let app = TestApp::product().await;
    let (shown_owner, hidden_owner) = (app.approved("member").await, app.approved("member").await);
    app.sql(&format!(
        "insert into public.member_directory (full_name, mobile_number, status, approval_status, user_id) values
           ('Shown', '+91 98200 11111', 'Yes', 'approved', '{shown_owner}'),
           ('Hidden', '+91 98200 22222', 'Yes', 'approved', '{hidden_owner}'),
           ('Applicant', '+91 98200 33333', 'Check', 'pending', null);
         insert into public.member_directory_visibility (member_id, user_id, show_contact_details)
           select id, user_id, true from public.member_directory where full_name = 'Shown';"
    ))
    .await;
    let viewer = app.approved("member_viewer").await;
    let rows = send(app.user(&viewer, Method::GET, "/member_directory?select=full_name,mobile_number")).await.json();
    assert_eq!(rows, json!([{"full_name": "Shown", "mobile_number": "+91 98200 11111"}]));
    let member = app.approved("member").await;
    assert_eq!(send(app.user(&member, Method::GET, "/member_directory?select=full_name")).await.json(), json!([]));
    // The public listing names approved members without any contact detail.
    let listing = send(app.anon(Method::POST, "/rpc/get_public_members").json(&json!({}))).await.json();
    let names: Vec<&str> = listing.as_array().unwrap().iter().map(|r| r["full_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Hidden", "Shown"]);
    assert!(listing[0].get("mobile_number").is_none());
}

#[tokio::test]
async fn pan_and_aadhaar_are_masked_for_everyone_and_revealed_to_admins_with_an_audit_row() {
    let app = TestApp::product().await;
    let student = app.approved("student").await;
    let created = send(
        app.user(&student, Method::POST, "/student_details?select=id,pan_no,aadhar_no,approval_status")
            .header("prefer", "return=representation")
            .json(&json!({
                "user_id": student, "first_name": "Kavya", "surname": "Joshi", "email": "kavya@example.org",
                "mobile_number": "+91 98450 12345", "pan_no": "abcde1234f", "aadhar_no": "1234 5678 9012",
                "approval_status": "approved"
            })),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let row = &created.json()[0];
    assert_eq!((row["pan_no"].as_str(), row["aadhar_no"].as_str()), (Some("XXXXXX234F"), Some("XXXX XXXX 9012")));
    assert_eq!(row["approval_status"], "pending", "a student cannot approve herself");
    let id = row["id"].as_str().unwrap().to_string();

    // Saving the form again as loaded keeps the numbers.
    let saved = send(
        app.user(&student, Method::PATCH, &format!("/student_details?id=eq.{id}"))
            .json(&json!({"pan_no": "XXXXXX234F", "aadhar_no": "XXXX XXXX 9012", "hometown": "Sirsi"})),
    )
    .await;
    assert_eq!(saved.status, StatusCode::NO_CONTENT, "{}", saved.text);
    let admin = app.approved("admin").await;
    let list = send(app.user(&admin, Method::GET, "/student_details?select=pan_no")).await.json();
    assert_eq!(list, json!([{"pan_no": "XXXXXX234F"}]), "staff lists show the mask");
    let reveal = json!({"record_table": "student_details", "record_id": id});
    send(app.user(&student, Method::POST, "/rpc/reveal_identity_numbers").json(&reveal))
        .await
        .assert_error(403, "42501");
    let revealed = send(app.user(&admin, Method::POST, "/rpc/reveal_identity_numbers").json(&reveal)).await;
    assert_eq!(revealed.json(), json!([{"pan": "ABCDE1234F", "aadhar": "123456789012"}]), "{}", revealed.text);
    assert_eq!(app.count(&format!("select count(*) from app.identity_reads where reader_id = '{admin}'")).await, 1);

    let bad = send(
        app.user(&student, Method::PATCH, &format!("/student_details?id=eq.{id}")).json(&json!({"pan_no": "12345"})),
    )
    .await;
    assert_eq!(bad.assert_error(400, "23514")["message"], "PAN format is invalid");
}

#[tokio::test]
async fn payment_status_and_amount_change_only_by_admins_who_are_recorded_as_verifier() {
    let app = TestApp::product().await;
    let payer = app.approved("member").await;
    let recorded = send(
        app.user(&payer, Method::POST, "/payments?select=id,status")
            .header("prefer", "return=representation")
            .json(&json!({"payment_type": "donation", "amount": 1001, "user_id": payer, "status": "completed"})),
    )
    .await;
    assert_eq!(recorded.status, StatusCode::CREATED, "{}", recorded.text);
    assert_eq!(recorded.json()[0]["status"], "pending", "a payer cannot mark their own payment completed");
    let id = recorded.json()[0]["id"].as_str().unwrap().to_string();
    let changed = send(
        app.user(&payer, Method::PATCH, &format!("/payments?id=eq.{id}&select=id"))
            .header("prefer", "return=representation")
            .json(&json!({"amount": 1})),
    )
    .await;
    assert_eq!(changed.json(), json!([]), "no policy lets a payer update: {}", changed.text);
    let admin = app.approved("admin").await;
    let verified = send(
        app.user(&admin, Method::PATCH, &format!("/payments?id=eq.{id}&select=status,verified_by"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "completed"})),
    )
    .await;
    assert_eq!(verified.json(), json!([{"status": "completed", "verified_by": admin}]));
    // The admin list embeds the payer and the verifier.
    let listed = send(app.user(
        &admin,
        Method::GET,
        "/payments?select=amount,payer:users!payments_user_id_fkey(id),verifier:users!payments_verified_by_fkey(id)&order=created_at.desc&limit=10",
    ))
    .await;
    assert_eq!(
        listed.json(),
        json!([{"amount": 1001.00, "payer": {"id": payer}, "verifier": {"id": admin}}]),
        "{}",
        listed.text
    );
}
