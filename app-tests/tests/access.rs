//! A slice of the access matrix (policies/README.md) through the REST engine, as the app's
//! browser calls it. The whole matrix is checked cell by cell by policies/tests/access_matrix.sql.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

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
async fn the_openapi_document_shows_each_role_only_what_it_may_use() {
    let app = TestApp::product().await;
    let anon = send(app.anon(Method::GET, "/")).await;
    assert_eq!(anon.status, StatusCode::OK);
    let document = anon.json();
    assert!(document["paths"].get("/student_details").is_none(), "row-level security leaves anon no policy");
    assert!(!anon.text.contains("pan_no"), "the anon document names no PAN column");
    assert!(document["paths"]["/events"]["get"].is_object(), "public content stays described");
    let user = send(app.user("00000000-0000-0000-0000-000000000001", Method::GET, "/")).await.json();
    assert!(user["paths"]["/student_details"]["get"].is_object());
    assert!(user["definitions"]["student_details"]["properties"]["pan_no"].is_object());
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
    // An admin must have used a second factor (aal2) to read the numbers (app.security_policy).
    let one_factor = send(app.user(&admin, Method::POST, "/rpc/reveal_identity_numbers").json(&reveal)).await;
    assert_eq!(one_factor.assert_error(403, "42501")["message"], "Second factor required");
    let two_factors = support::sign(&json!({
        "sub": admin, "role": "authenticated", "aud": "authenticated", "email": format!("{admin}@example.org"),
        "exp": 4_000_000_000u64, "iat": 1_700_000_000u64, "aal": "aal2",
        "amr": [{"method": "totp", "timestamp": 1_700_000_000u64}],
    }));
    let key = app.keys.anon.clone();
    let revealed =
        send(app.rest(Method::POST, "/rpc/reveal_identity_numbers", &key).bearer_auth(two_factors).json(&reveal)).await;
    assert_eq!(revealed.json(), json!([{"pan": "ABCDE1234F", "aadhar": "123456789012"}]), "{}", revealed.text);
    assert_eq!(
        app.count(&format!("select count(*) from app.identity_reads where reader_id = '{admin}' and aal = 'aal2'"))
            .await,
        1
    );

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

/// Issue 21, critical 1: a row that is not written never touches the identity vault. An account
/// that knows someone's `student_details.id` (or `members.id`) posts its own row with that id
/// and `resolution=ignore-duplicates`: nothing is inserted, and the other person's numbers stay.
#[tokio::test]
async fn identity_numbers_change_only_with_a_row_that_is_written() {
    let app = TestApp::product().await;
    let victim = app.approved("student").await;
    let attacker = app.approved("member").await;
    let reveal = |table: &str, id: &str| {
        format!(
            "select coalesce(pan, '-') || '/' || coalesce(aadhar, '-') from app.identity_numbers where record_table = '{table}' and record_id = '{id}'"
        )
    };
    for (table, pan, aadhar, extra) in [
        (
            "student_details",
            "pan_no",
            "aadhar_no",
            json!({"first_name": "Kavya", "surname": "Joshi", "email": "k@example.org", "mobile_number": "+91 98450 12345"}),
        ),
        ("members", "pan_number", "aadhar_number", json!({"first_name": "Kavya", "city": "Mumbai"})),
    ] {
        let mut row = extra.clone();
        row["user_id"] = json!(victim);
        row[pan] = json!("ABCDE1234F");
        row[aadhar] = json!("123456789012");
        let created = send(
            app.user(&victim, Method::POST, &format!("/{table}?select=id"))
                .header("prefer", "return=representation")
                .json(&row),
        )
        .await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        let id = created.json()[0]["id"].as_str().unwrap().to_string();
        assert_eq!(app.text(&reveal(table, &id)).await, "ABCDE1234F/123456789012");

        for (label, new_pan, new_aadhar) in
            [("overwrite", json!("ZZZZZ9999Z"), json!("999999999999")), ("erase", Value::Null, Value::Null)]
        {
            let mut attack = extra.clone();
            attack["id"] = json!(id);
            attack["user_id"] = json!(attacker);
            attack[pan] = new_pan.clone();
            attack[aadhar] = new_aadhar.clone();
            let ignored = send(
                app.user(&attacker, Method::POST, &format!("/{table}"))
                    .header("prefer", "resolution=ignore-duplicates,return=representation")
                    .json(&attack),
            )
            .await;
            assert_eq!((ignored.status, ignored.json()), (StatusCode::CREATED, json!([])), "{table} {label}");
            // The other half of an upsert meets the row's policy and is refused.
            let merged = send(
                app.user(&attacker, Method::POST, &format!("/{table}"))
                    .header("prefer", "resolution=merge-duplicates")
                    .json(&attack),
            )
            .await;
            assert!(merged.status.is_client_error(), "{table} {label}: {}", merged.text);
            // Thousands of rows in one request change nothing either.
            let many: Vec<Value> = (0..2000).map(|_| attack.clone()).collect();
            let bulk = send(
                app.user(&attacker, Method::POST, &format!("/{table}"))
                    .header("prefer", "resolution=ignore-duplicates,return=minimal")
                    .json(&many),
            )
            .await;
            assert_eq!(bulk.status, StatusCode::CREATED, "{table} {label} bulk: {}", bulk.text);
            assert_eq!(app.text(&reveal(table, &id)).await, "ABCDE1234F/123456789012", "{table} after {label}");
            assert_eq!(app.count("select count(*) from app.identity_numbers_staged").await, 0, "nothing stays staged");
        }

        // The owner's own upsert (both halves) still updates, and a masked copy keeps the numbers.
        let mut mine = extra.clone();
        mine["id"] = json!(id);
        mine["user_id"] = json!(victim);
        mine[pan] = json!("FGHIJ5678K");
        mine[aadhar] = json!("XXXX XXXX 9012");
        let upserted = send(
            app.user(&victim, Method::POST, &format!("/{table}"))
                .header("prefer", "resolution=merge-duplicates")
                .json(&mine),
        )
        .await;
        assert!(upserted.status.is_success(), "{table}: {}", upserted.text);
        assert_eq!(app.text(&reveal(table, &id)).await, "FGHIJ5678K/123456789012", "{table} owner's upsert");
    }
}

/// Issue 21, critical 2: nobody acts on an account that ranks above them, through the auth admin
/// API or through the tables.
#[tokio::test]
async fn an_admin_cannot_act_on_a_super_admin() {
    let app = TestApp::product().await;
    let account = |kind: &'static str| {
        let app = &app;
        async move {
            let address = support::auth::email();
            let session = app.sign_up(&address).await;
            let id = session["user"]["id"].as_str().unwrap().to_string();
            app.sql(&format!(
                "insert into public.users (id, email, type, status, approval_status) values ('{id}', '{address}', '{kind}', 'approved', 'approved')"
            ))
            .await;
            (id, session["access_token"].as_str().unwrap().to_string())
        }
    };
    let (super_id, _) = account("super_admin").await;
    let (admin_id, admin_token) = account("admin").await;
    let (other_admin, _) = account("admin").await;
    let (member_id, _) = account("member").await;

    let path = |id: &str| format!("/admin/users/{id}");
    for body in [
        json!({"password": "a brand new passphrase"}),
        json!({"email": "taken@example.org"}),
        json!({"ban_duration": "24h"}),
    ] {
        let refused = send(app.auth_as(&admin_token, Method::PUT, &path(&super_id)).json(&body)).await;
        support::auth::assert_auth_error(&refused, 403, "not_admin");
    }
    let refused = send(app.auth_as(&admin_token, Method::DELETE, &path(&super_id)).json(&json!({}))).await;
    support::auth::assert_auth_error(&refused, 403, "not_admin");
    assert_eq!(
        app.sign_in(
            &app.text(&format!("select email from auth.users where id = '{super_id}'")).await,
            support::auth::PASSWORD
        )
        .await
        .status,
        StatusCode::OK
    );
    // Reading is not acting; an equal is out of reach too, those below are managed as before.
    let read = send(app.auth_as(&admin_token, Method::GET, &path(&super_id))).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text);
    let equal = send(
        app.auth_as(&admin_token, Method::PUT, &path(&other_admin))
            .json(&json!({"password": "a brand new passphrase"})),
    )
    .await;
    support::auth::assert_auth_error(&equal, 403, "not_admin");
    for target in [&member_id, &admin_id] {
        let changed =
            send(app.auth_as(&admin_token, Method::PUT, &path(target)).json(&json!({"user_metadata": {"note": "ok"}})))
                .await;
        assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    }

    // The tables: the super_admin's record is out of an admin's reach.
    let inactive = send(
        app.user(&admin_id, Method::PATCH, &format!("/users?id=eq.{super_id}"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "inactive"})),
    )
    .await;
    assert_eq!(inactive.json(), json!([]), "{}", inactive.text);
    let deleted = send(
        app.user(&admin_id, Method::DELETE, &format!("/users?id=eq.{super_id}"))
            .header("prefer", "return=representation"),
    )
    .await;
    assert_eq!(deleted.json(), json!([]), "{}", deleted.text);
    assert_eq!(app.text(&format!("select status from public.users where id = '{super_id}'")).await, "approved");
    let approved_member = send(
        app.user(&admin_id, Method::PATCH, &format!("/users?id=eq.{member_id}"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "inactive"})),
    )
    .await;
    assert_eq!(approved_member.json()[0]["status"], "inactive", "{}", approved_member.text);
}

/// Hardening, second round, critical 1: an admin minted a super_admin by inserting its record
/// (and re-created a member's record as an admin). Nobody creates, promotes, re-creates or
/// demotes an account at or above their own rank; only a super_admin grants staff types.
#[tokio::test]
async fn an_admin_never_mints_or_recreates_a_staff_account() {
    let app = TestApp::product().await;
    let account = |kind: &'static str| {
        let app = &app;
        async move {
            let address = support::auth::email();
            let session = app.sign_up(&address).await;
            let id = session["user"]["id"].as_str().unwrap().to_string();
            app.sql(&format!(
                "insert into public.users (id, email, type, status, approval_status) values ('{id}', '{address}', '{kind}', 'approved', 'approved')"
            ))
            .await;
            (id, session["access_token"].as_str().unwrap().to_string())
        }
    };
    let (admin, admin_token) = account("admin").await;
    let (super_admin, _) = account("super_admin").await;

    // Route one: an account made through the auth admin API, then a record of any staff type.
    let made = send(app.auth_as(&admin_token, Method::POST, "/admin/users").json(&json!({
        "email": "x@example.org", "password": "a long enough passphrase", "email_confirm": true
    })))
    .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.text);
    let minted = made.json()["id"].as_str().unwrap().to_string();
    for (kind, role) in
        [("super_admin", None), ("admin", None), ("content_manager", None), ("member", Some("super_admin"))]
    {
        let mut record = json!({"id": minted, "email": "x@example.org", "type": kind, "status": "approved"});
        if let Some(role) = role {
            record["role"] = json!(role);
        }
        let refused = send(app.user(&admin, Method::POST, "/users").json(&record)).await;
        refused.assert_error(403, "42501");
    }
    // Nor as the insert half of an upsert, nor hidden among thousands of rows.
    let upsert = send(
        app.user(&admin, Method::POST, "/users?on_conflict=id")
            .header("prefer", "resolution=merge-duplicates")
            .json(&json!({"id": minted, "email": "x@example.org", "type": "super_admin", "status": "approved"})),
    )
    .await;
    upsert.assert_error(403, "42501");
    assert_eq!(app.count(&format!("select count(*) from public.users where id = '{minted}'")).await, 0);
    // Through the RPC, too.
    let rpc = send(app.user(&admin, Method::POST, "/rpc/create_user_record").json(&json!({
        "user_id": minted, "user_email": "x@example.org", "user_type": "super_admin", "user_status": "approved"
    })))
    .await;
    rpc.assert_error(403, "42501");
    // A member's record is what an admin may make.
    let member = send(
        app.user(&admin, Method::POST, "/users")
            .header("prefer", "return=representation")
            .json(&json!({"id": minted, "email": "x@example.org", "type": "member", "status": "approved"})),
    )
    .await;
    assert_eq!(member.status, StatusCode::CREATED, "{}", member.text);

    // Route two: delete a member's record and insert it again as an admin.
    let deleted = send(
        app.user(&admin, Method::DELETE, &format!("/users?id=eq.{minted}")).header("prefer", "return=representation"),
    )
    .await;
    assert_eq!(deleted.json()[0]["id"], json!(minted), "{}", deleted.text);
    let recreated = send(
        app.user(&admin, Method::POST, "/users")
            .json(&json!({"id": minted, "email": "x@example.org", "type": "admin", "status": "approved"})),
    )
    .await;
    recreated.assert_error(403, "42501");
    assert_eq!(app.count(&format!("select count(*) from public.users where id = '{minted}'")).await, 0);

    // A super_admin grants staff types below their own rank, never another super_admin.
    let staff = send(
        app.user(&super_admin, Method::POST, "/users")
            .json(&json!({"id": minted, "email": "x@example.org", "type": "admin", "status": "approved"})),
    )
    .await;
    assert_eq!(staff.status, StatusCode::CREATED, "{}", staff.text);
    let promoted = send(
        app.user(&super_admin, Method::PATCH, &format!("/users?id=eq.{minted}")).json(&json!({"type": "super_admin"})),
    )
    .await;
    promoted.assert_error(403, "42501");
    // The minted admin cannot touch the real super_admin: not its record, not its password.
    let signed_in = app.sign_in("x@example.org", "a long enough passphrase").await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.text);
    let minted_token = signed_in.json()["access_token"].as_str().unwrap().to_string();
    let deactivated = send(
        app.user(&minted, Method::PATCH, &format!("/users?id=eq.{super_admin}"))
            .header("prefer", "return=representation")
            .json(&json!({"status": "inactive"})),
    )
    .await;
    assert_eq!(deactivated.json(), json!([]), "{}", deactivated.text);
    let reset = send(
        app.auth_as(&minted_token, Method::PUT, &format!("/admin/users/{super_admin}"))
            .json(&json!({"password": "another long passphrase"})),
    )
    .await;
    support::auth::assert_auth_error(&reset, 403, "not_admin");
    assert_eq!(app.text(&format!("select status from public.users where id = '{super_admin}'")).await, "approved");
}
