//! The stored functions of spec §7 and the behaviour rules of §4 through /rest/v1/rpc, with
//! their callers checked.

#![allow(clippy::unwrap_used, reason = "tests fail loudly")]

use crate::support;

use reqwest::{Method, StatusCode};
use serde_json::json;
use support::TestApp;
use support::rest::send;

async fn account(app: &TestApp) -> String {
    let id = uuid::Uuid::new_v4().to_string();
    app.sql(&format!("insert into auth.users (id, email) values ('{id}', 'new-{id}@example.org')")).await;
    id
}

#[tokio::test]
async fn sign_up_creates_only_a_pending_member_student_or_matrimony_record_of_ones_own() {
    let app = TestApp::product().await;
    let me = account(&app).await;
    let record =
        |caller: &str, body: serde_json::Value| app.user(caller, Method::POST, "/rpc/create_user_record").json(&body);
    let body = |id: &str, user_type: &str, status: &str| json!({"user_id": id, "user_email": format!("New-{id}@Example.org"), "user_type": user_type, "user_status": status, "user_full_name": "Shreya"});
    send(record(&me, body(&me, "admin", "pending"))).await.assert_error(403, "42501");
    send(record(&me, body(&me, "member", "approved"))).await.assert_error(403, "42501");
    let other = account(&app).await;
    send(record(&me, body(&other, "member", "pending"))).await.assert_error(403, "42501");
    let created = send(record(&me, body(&me, "student", "pending"))).await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let row = created.json();
    assert_eq!(
        (row["type"].as_str(), row["status"].as_str(), row["role"].as_str()),
        (Some("student"), Some("pending"), Some("student"))
    );
    assert_eq!(row["email"], format!("new-{me}@example.org"));
    let missing = send(record(&me, json!({"user_id": me, "user_email": null, "user_type": "member"}))).await;
    assert_eq!(missing.json()["message"], "Missing required fields: id, email, or type");

    // Admins are told about the new registration (the bell and a push message).
    let admin = app.approved("admin").await;
    let another = account(&app).await;
    assert_eq!(send(record(&another, body(&another, "matrimony", "pending"))).await.status, StatusCode::OK);
    let bell = send(app.user(&admin, Method::GET, "/notifications?select=type,data&order=created_at.desc&limit=50"))
        .await
        .json();
    assert_eq!(bell, json!([{"type": "registration", "data": {"user_id": another}}]));
    assert_eq!(app.count(&format!("select count(*) from push.outbox where user_id = '{admin}'")).await, 1);

    // An admin creates non-staff accounts of any status; only super_admin creates staff.
    let staff = account(&app).await;
    send(record(&admin, body(&staff, "event_manager", "approved"))).await.assert_error(403, "42501");
    assert_eq!(send(record(&admin, body(&staff, "member", "approved"))).await.status, StatusCode::OK);
}

#[tokio::test]
async fn dashboard_and_directory_stats_count_for_staff_only() {
    let app = TestApp::product().await;
    app.sql(
        "insert into public.member_directory (full_name, city, native_place, sandesha_delivery_method, sandesha_delivery_enabled) values
           ('A', 'Mumbai', 'Sirsi', 'post', true), ('B', 'Mumbai', 'Sagar', 'email', false), ('C', 'Pune', 'Sirsi', 'post', true);
         insert into public.events (title, description, event_date, event_type) values ('Ugadi', 'New year', current_date + 3, 'cultural');",
    )
    .await;
    let member = app.approved("member").await;
    send(app.user(&member, Method::POST, "/rpc/get_dashboard_stats").json(&json!({}))).await.assert_error(403, "42501");
    send(app.anon(Method::POST, "/rpc/get_member_directory_stats").json(&json!({}))).await.assert_error(401, "42501");
    let content_manager = app.approved("content_manager").await;
    let stats =
        send(app.user(&content_manager, Method::POST, "/rpc/get_dashboard_stats").json(&json!({}))).await.json();
    assert_eq!(
        (stats["members"].as_i64(), stats["students"].as_i64(), stats["matrimony"].as_i64(), stats["events"].as_i64()),
        (Some(3), Some(0), Some(0), Some(1))
    );
    let viewer = app.approved("member_viewer").await;
    let directory =
        send(app.user(&viewer, Method::POST, "/rpc/get_member_directory_stats").json(&json!({}))).await.json();
    assert_eq!(directory["total"], 3);
    assert_eq!(directory["by_status"], json!({"Check": 3}));
    assert_eq!(directory["by_city"], json!({"Mumbai": 2, "Pune": 1}));
    assert_eq!(directory["by_native_place"], json!({"Sagar": 1, "Sirsi": 2}));
    assert_eq!(directory["by_delivery_method"], json!({"email": 1, "post": 2}));
    assert_eq!((directory["delivery_enabled"].as_i64(), directory["delivery_disabled"].as_i64()), (Some(2), Some(1)));
}

#[tokio::test]
async fn approving_and_rejecting_members_records_who_when_and_why() {
    let app = TestApp::product().await;
    let applicant = app.product_user("member", "pending").await;
    let applied = send(
        app.user(&applicant, Method::POST, "/member_directory?select=id,status,approval_status,unique_id,membership_no")
            .header("prefer", "return=representation")
            .json(&json!({"full_name": "Ganapati Bhat", "user_id": applicant, "status": "Yes", "approval_status": "approved"})),
    )
    .await;
    assert_eq!(applied.status, StatusCode::CREATED, "{}", applied.text);
    let row = &applied.json()[0];
    assert_eq!((row["status"].as_str(), row["approval_status"].as_str()), (Some("Check"), Some("pending")));
    assert!(row["membership_no"].as_str().unwrap().starts_with("NEW-"), "{row}");
    let id = row["id"].as_str().unwrap().to_string();
    send(app.user(&applicant, Method::POST, "/rpc/approve_member").json(&json!({"member_id": id})))
        .await
        .assert_error(403, "42501");

    let admin = app.approved("admin").await;
    let approved =
        send(app.user(&admin, Method::POST, "/rpc/approve_member").json(&json!({"member_id": id}))).await.json();
    assert_eq!((approved["status"].as_str(), approved["approval_status"].as_str()), (Some("Yes"), Some("approved")));
    assert_eq!(approved["approved_by"], admin);
    assert!(approved["approved_at"].is_string());
    assert_eq!(app.text(&format!("select status from public.users where id = '{applicant}'")).await, "approved");

    let rejected =
        send(app.user(&admin, Method::POST, "/rpc/reject_member").json(&json!({"member_id": id}))).await.json();
    assert_eq!((rejected["status"].as_str(), rejected["approval_status"].as_str()), (Some("No"), Some("rejected")));
    assert_eq!(rejected["remarks"], "Application rejected");
    let reasoned = send(
        app.user(&admin, Method::POST, "/rpc/reject_member")
            .json(&json!({"member_id": id, "remarks": "Incomplete form"})),
    )
    .await
    .json();
    assert_eq!(reasoned["remarks"], "Incomplete form");

    // A member with ledger entries stays.
    app.sql(&format!(
        "insert into public.financial_ledger (member_id, description, credit) values ('{id}', 'Life membership', 5000)"
    ))
    .await;
    let delete = send(app.user(&admin, Method::DELETE, &format!("/member_directory?id=eq.{id}"))).await;
    assert_eq!(delete.assert_error(409, "23503")["message"], "Cannot delete a member with financial ledger entries");
}

#[tokio::test]
async fn public_albums_and_items_and_drafts_for_media_staff_only() {
    let app = TestApp::product().await;
    app.sql(
        "insert into public.photo_albums (id, title, is_published) values
           ('00000000-0000-0000-0000-00000000a001', 'Ugadi', true), ('00000000-0000-0000-0000-00000000a002', 'Draft', false);
         insert into public.photos_new (album_id, image_url) values
           ('00000000-0000-0000-0000-00000000a001', '/storage/v1/object/public/gallery/u/1.jpg'),
           ('00000000-0000-0000-0000-00000000a001', '/storage/v1/object/public/gallery/u/2.jpg');
         insert into public.media_albums (id, title, is_published) values
           ('00000000-0000-0000-0000-00000000b001', 'Deepavali', true), ('00000000-0000-0000-0000-00000000b002', 'Hidden', false);
         insert into public.media_items (album_id, media_type, media_url, sort_order) values
           ('00000000-0000-0000-0000-00000000b001', 'photo', '/p/2.jpg', 2), ('00000000-0000-0000-0000-00000000b001', 'video', '/v/1.mp4', 1),
           ('00000000-0000-0000-0000-00000000b002', 'photo', '/p/3.jpg', 1);",
    )
    .await;
    let albums = send(app.anon(Method::POST, "/rpc/get_public_photo_albums").json(&json!({}))).await.json();
    assert_eq!(albums.as_array().unwrap().len(), 1);
    assert_eq!((albums[0]["title"].as_str(), albums[0]["photo_count"].as_i64()), (Some("Ugadi"), Some(2)));
    send(app.anon(Method::POST, "/rpc/get_public_photo_albums").json(&json!({"include_drafts": true})))
        .await
        .assert_error(401, "42501");
    let media_staff = app.approved("event_manager").await;
    let all = send(
        app.user(&media_staff, Method::POST, "/rpc/get_public_photo_albums")
            .json(&json!({"album_limit": 10, "include_drafts": true})),
    )
    .await
    .json();
    assert_eq!(all.as_array().unwrap().len(), 2);

    let media = send(app.anon(Method::POST, "/rpc/get_public_media_albums").json(&json!({}))).await.json();
    assert_eq!(media, json!([media[0].clone()]));
    assert_eq!(
        (media[0]["item_count"].as_i64(), media[0]["photo_count"].as_i64(), media[0]["video_count"].as_i64()),
        (Some(2), Some(1), Some(1))
    );
    let items = send(
        app.anon(Method::POST, "/rpc/get_public_media_items")
            .json(&json!({"album_id_param": "00000000-0000-0000-0000-00000000b001"})),
    )
    .await
    .json();
    let urls: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["media_url"].as_str().unwrap()).collect();
    assert_eq!(urls, ["/v/1.mp4", "/p/2.jpg"], "by sort order");
    let hidden = send(
        app.anon(Method::POST, "/rpc/get_public_media_items")
            .json(&json!({"album_id_param": "00000000-0000-0000-0000-00000000b002"})),
    )
    .await
    .json();
    assert_eq!(hidden, json!([]));
    let stats = send(app.anon(Method::GET, "/rpc/get_photo_gallery_stats")).await.json();
    assert_eq!(
        (stats["total_albums"].as_i64(), stats["total_photos"].as_i64(), stats["total_videos"].as_i64()),
        (Some(2), Some(3), Some(1))
    );
}

#[tokio::test]
async fn deleting_an_album_removes_its_items_files_and_thumbnails() {
    let app = TestApp::product().await;
    let staff = app.approved("content_manager").await;
    let png = support::storage::PNG;
    for name in ["ugadi/1.png", "ugadi/1-thumb.png", "ugadi/2.png", "other/keep.png"] {
        app.put_object("gallery", name, "image/png", png).await;
    }
    app.sql(
        "insert into public.media_albums (id, title, is_published) values ('00000000-0000-0000-0000-00000000c001', 'Ugadi', false);
         insert into public.media_items (id, album_id, media_type, media_url, thumbnail_url) values
           ('00000000-0000-0000-0000-00000000c011', '00000000-0000-0000-0000-00000000c001', 'photo',
            '/storage/v1/object/public/gallery/ugadi/1.png', 'http://localhost:8080/storage/v1/render/image/public/gallery/ugadi/1-thumb.png?width=300'),
           ('00000000-0000-0000-0000-00000000c012', '00000000-0000-0000-0000-00000000c001', 'photo',
            '/storage/v1/object/public/gallery/ugadi/2.png', null);",
    )
    .await;
    let item = send(app.user(&staff, Method::DELETE, "/media_items?id=eq.00000000-0000-0000-0000-00000000c012")).await;
    assert_eq!(item.status, StatusCode::NO_CONTENT, "{}", item.text);
    assert_eq!(app.count("select count(*) from storage.objects where bucket_id = 'gallery'").await, 3);
    let album =
        send(app.user(&staff, Method::DELETE, "/media_albums?id=eq.00000000-0000-0000-0000-00000000c001")).await;
    assert_eq!(album.status, StatusCode::NO_CONTENT, "{}", album.text);
    assert_eq!(app.text("select string_agg(name, ',') from storage.objects").await, "other/keep.png");
    app.wait_for_files(1).await;
}

#[tokio::test]
async fn new_events_and_published_albums_and_issues_notify_everyone() {
    let app = TestApp::product().await;
    let (member, pending) = (app.approved("member").await, app.product_user("student", "pending").await);
    let manager = app.approved("event_manager").await;
    let created =
        send(app.user(&manager, Method::POST, "/events?select=id").header("prefer", "return=representation").json(
            &json!({"title": "Ugadi", "description": "New year", "event_date": "2031-03-30", "event_type": "cultural",
                          "registration_required": true, "max_attendees": 50}),
        ))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let event = created.json()[0]["id"].as_str().unwrap().to_string();
    let bell = send(app.user(&member, Method::GET, "/notifications?select=type,title,data,is_read")).await.json();
    assert_eq!(
        bell,
        json!([{"type": "event", "title": "New event: Ugadi", "data": {"event_id": event}, "is_read": false}])
    );
    assert_eq!(app.count(&format!("select count(*) from public.notifications where user_id = '{pending}'")).await, 0);
    assert_eq!(app.count("select count(*) from push.outbox where audience = 'everyone'").await, 1);

    // A registration: the registrant's confirmation, and the event staff's notice.
    let registered = send(
        app.user(&member, Method::POST, "/event_registrations").json(&json!({"event_id": event, "user_id": member})),
    )
    .await;
    assert_eq!(registered.status, StatusCode::CREATED, "{}", registered.text);
    assert_eq!(
        app.count(&format!(
            "select count(*) from public.notifications where user_id = '{member}' and title like 'Registered:%'"
        ))
        .await,
        1
    );
    assert_eq!(
        app.count(&format!(
            "select count(*) from public.notifications where user_id = '{manager}' and title like 'New registration:%'"
        ))
        .await,
        1
    );

    // Marking read changes is_read only; the recipient deletes their own.
    let id = app.text(&format!("select id::text from public.notifications where user_id = '{member}' limit 1")).await;
    send(app.user(&member, Method::PATCH, &format!("/notifications?id=eq.{id}")).json(&json!({"title": "changed"})))
        .await
        .assert_error(403, "42501");
    let read = send(
        app.user(&member, Method::PATCH, &format!("/notifications?user_id=eq.{member}&is_read=eq.false"))
            .json(&json!({"is_read": true})),
    )
    .await;
    assert_eq!(read.status, StatusCode::NO_CONTENT, "{}", read.text);

    let content = app.approved("content_manager").await;
    let album = send(
        app.user(&content, Method::POST, "/media_albums?select=id")
            .header("prefer", "return=representation")
            .json(&json!({"title": "Ugadi photos"})),
    )
    .await;
    let album_id = album.json()[0]["id"].as_str().unwrap().to_string();
    let before = app.count("select count(*) from public.notifications where type = 'photo'").await;
    assert_eq!(before, 0, "a draft album is not news");
    send(
        app.user(&content, Method::PATCH, &format!("/media_albums?id=eq.{album_id}"))
            .json(&json!({"is_published": true})),
    )
    .await;
    assert_eq!(
        app.count(&format!("select count(*) from public.notifications where type = 'photo' and user_id = '{member}'"))
            .await,
        1
    );

    let sandesha = app.approved("havyaka_sandesh_manager").await;
    let issue = send(
        app.user(&sandesha, Method::POST, "/havyaka_sandesha_issues?select=id")
            .header("prefer", "return=representation")
            .json(&json!({"title": "March", "issue_year": 2031, "issue_month": 3, "pdf_url": "/storage/v1/object/havyaka-sandesh/2031/03.pdf", "is_published": true})),
    )
    .await;
    assert_eq!(issue.status, StatusCode::CREATED, "{}", issue.text);
    assert_eq!(
        app.count(&format!(
            "select count(*) from public.notifications where type = 'sandesha' and user_id = '{member}'"
        ))
        .await,
        1
    );
    let issue_id = issue.json()[0]["id"].as_str().unwrap().to_string();
    for expected in 1..=2 {
        let count =
            send(app.anon(Method::POST, "/rpc/increment_sandesha_download_count").json(&json!({"issue_id": issue_id})))
                .await;
        assert_eq!(count.json(), json!(expected), "{}", count.text);
    }
}
