#import <UIKit/UIKit.h>

// A static table (2 sections: 2 rows, 1 row) whose data source claims more rows in section 0: crashes.
@interface AccountViewController : UITableViewController
@end

@implementation AccountViewController

- (NSInteger)numberOfSectionsInTableView:(UITableView *)tableView
{
    return 2;
}

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section
{
    switch (section) {
        case 0:
            return 3;
        default:
            return 1;
    }
}

@end
